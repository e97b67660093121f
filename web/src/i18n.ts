import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/** Each language's catalogue is its own chunk: a visitor downloads only the language they read. */
const catalogues: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  fr: () => import('./locales/catalogue.fr'),
  en: () => import('./locales/catalogue.en'),
};
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, done) => {
    catalogues[isLanguage(language) ? language : DEFAULT_LANGUAGE]().then((module) => done(null, module.default), (error: Error) => done(error, false));
  },
};

/** Resolves once the first language's catalogue is in: render after it. A language change loads its catalogue first. */
export const i18nReady = i18n.use(lazyCatalogues).use(initReactI18next).init({
  lng: detectLanguage(),
  // Both catalogues have the same keys (locales.test.ts): no fallback language to download as well.
  fallbackLng: false,
  supportedLngs: ['fr', 'en'],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
  // A key the catalogue lacks shows as the key: say so on the console (the e2e page walk fails on console
  // errors). A `defaultValue` given by the caller is an intended fallback, not a missing text.
  parseMissingKeyHandler: (key: string, defaultValue?: string) => {
    if (defaultValue === undefined) console.error(`Missing translation: ${key} (${i18n.language})`);
    return defaultValue ?? key;
  },
});

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export default i18n;
