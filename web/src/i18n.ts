import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enCatalogue, frCatalogue } from './locales/catalogues';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language } from './shared/constants';

export function isLanguage(value: unknown): value is Language {
  return value === 'fr' || value === 'en';
}

/** The user's explicit choice (localStorage), if any. */
export function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** French or English from the browser language; any other language gets French. */
export function browserLanguage(): Language {
  const tag = (typeof navigator !== 'undefined' ? navigator.language : '') || '';
  const primary = tag.toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/** Initial language: the user's choice if set, else the browser language, else fr. */
export function detectLanguage(): Language {
  return storedLanguage() ?? browserLanguage();
}

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: frCatalogue }, en: { translation: enCatalogue } },
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['fr', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export default i18n;
