/** The chosen language: read once at start from localStorage; switching stores it and reloads. */
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@kolscope/contract';
import { readStored, writeStored } from '../state/storage';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language, or the default (en) when nothing valid is stored. */
export function storedLanguage(): Language {
  const value = readStored(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * Stores the language and reloads, as the spec asks: every string, antd-mobile's locale and
 * the Accept-Language of later calls then agree without live re-rendering.
 */
export function switchLanguage(lang: Language): void {
  writeStored(LANGUAGE_STORAGE_KEY, lang);
  window.location.reload();
}
