/**
 * i18next set-up. Both catalogues are bundled (the spec says translations are not fetched),
 * so initialisation is synchronous and the first render is already translated.
 */
import type { Language } from '@kolscope/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogues } from './catalogues';
import { storedLanguage } from './language';

export const currentLanguage: Language = storedLanguage();

export function setupI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: currentLanguage,
      fallbackLng: 'en',
      resources: { en: { translation: catalogues.en }, 'zh-CN': { translation: catalogues['zh-CN'] } },
      // React escapes text already.
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  }
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage;
  return i18next;
}

export { isLanguage, storedLanguage, switchLanguage } from './language';
