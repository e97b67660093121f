import { createI18n } from '@alterna/core/i18n';
import type { Translate } from '@alterna/core';
import fr from './fr.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

/** The server's translate functions with this module's catalogue, for unit tests. */
export async function moduleT(): Promise<{ fr: Translate; en: Translate }> {
  const i18n = await createI18n({ trainings: { fr, en } });
  return { fr: i18n.getFixedT('fr'), en: i18n.getFixedT('en') };
}
