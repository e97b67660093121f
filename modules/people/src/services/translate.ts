import { createI18n } from '@alterna/core/i18n/index';
import type { Translate } from '@alterna/core';
import fr from '../locales/fr.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };

let instance: ReturnType<typeof createI18n> | null = null;

/**
 * A translator for service calls made without the request's one (another module calling `actors.create`):
 * the core's messages and this module's, in the acting person's language, French when they have none.
 */
export async function translatorFor(language: 'fr' | 'en' | null | undefined): Promise<Translate> {
  instance ??= createI18n({ people: { fr, en } });
  return (await instance).getFixedT(language ?? 'fr');
}
