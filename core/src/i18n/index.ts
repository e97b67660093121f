import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import fr from './locales/fr.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

export type Catalogue = Record<string, unknown>;
export type Translate = TFunction;

/** The language a fixed `t` speaks (i18next's getFixedT carries it). */
export function languageOf(t: Translate): Language {
  return (t as unknown as { lng?: string }).lng === 'en' ? 'en' : 'fr';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * Picks French or English from an Accept-Language header: the first of the two that appears, by quality;
 * any other language gets French (SPEC §1).
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.lang && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  // Only the browser's preferred language counts: German first means French, even if English comes later.
  const first = ranked[0]?.lang;
  return isLanguage(first) ? first : defaultLanguage;
}

/** The server's message catalogues: the core's plus each module's under its own name. */
export async function createI18n(moduleCatalogues: Record<string, { fr: Catalogue; en: Catalogue }>): Promise<I18n> {
  const resources: Record<Language, { translation: Catalogue }> = {
    fr: { translation: { ...fr } },
    en: { translation: { ...en } },
  };
  for (const [name, catalogue] of Object.entries(moduleCatalogues)) {
    resources.fr.translation[name] = catalogue.fr;
    resources.en.translation[name] = catalogue.en;
  }
  const instance = createInstance();
  await instance.init({
    resources,
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

export const coreCatalogue = { fr, en };
