/**
 * Which colour means up: a rise, a positive return, a bullish label. Chinese tickers read red up
 * and green down (the spec's convention); most English readers read the opposite, so a red "+27 %"
 * looks like a loss to them. One choice per device, like the language; until the reader picks
 * one, it follows the language. It is applied as one attribute on <html> (`data-up-colour`) that
 * swaps the direction variables of app/global.css, so no component knows which convention is on.
 */
import type { Language } from '@kolscope/contract';
import { readStored, writeStored } from '../state/storage';

export const UP_COLOURS = ['red', 'green'] as const;
export type UpColour = (typeof UP_COLOURS)[number];
export const UP_COLOUR_STORAGE_KEY = 'kolscope.upColour';

/** The language's convention: red up for Chinese readers, green up for English ones. */
export function defaultUpColour(lang: Language): UpColour {
  return lang === 'zh-CN' ? 'red' : 'green';
}

function isUpColour(value: unknown): value is UpColour {
  return typeof value === 'string' && (UP_COLOURS as readonly string[]).includes(value);
}

/** The reader's own choice when one is stored, else the language's convention. */
export function storedUpColour(lang: Language): UpColour {
  const value = readStored(UP_COLOUR_STORAGE_KEY);
  return isUpColour(value) ? value : defaultUpColour(lang);
}

/** Paints the whole app in `colour`'s convention (global.css reads the attribute). */
export function applyUpColour(colour: UpColour): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.upColour = colour;
}

/**
 * Stores the reader's choice and applies it at once (colours only: no reload). Stored even when
 * it equals the language's default, so it survives a later language switch.
 */
export function chooseUpColour(colour: UpColour): void {
  writeStored(UP_COLOUR_STORAGE_KEY, colour);
  applyUpColour(colour);
}
