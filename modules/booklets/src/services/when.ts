import { languageOf, type Language, type Translate } from '@alterna/core';

/** An instant as a person of the campus reads it: Paris time, in their language ('28 novembre 2026 à 23:21', '28 November 2026 at 23:21'). */
export function parisTime(language: Language, at: Date | string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' }).format(new Date(at));
}

/** The same, in the language a request's translator speaks. */
export const parisTimeFor = (t: Translate, at: Date | string) => parisTime(languageOf(t), at);
