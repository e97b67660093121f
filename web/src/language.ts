import { useTranslation } from 'react-i18next';
import i18n, { isLanguage, storedLanguage } from './i18n';
import { LANGUAGE_STORAGE_KEY, type Language } from './shared/constants';
import { apiFetch } from './shared/http';
import type { Me } from './session';

/** The interface language now. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'fr';
}

/** Current language, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : 'fr';
}

/** Switches the interface language without storing a choice (once its catalogue is loaded). */
export async function applyLanguage(lang: Language): Promise<void> {
  if (currentLanguage() !== lang) await i18n.changeLanguage(lang);
}

/**
 * The user's explicit choice: stored in localStorage and on the server (POST /api/language, which
 * sets the language cookie and, when logged in, the actor's preference).
 */
export async function chooseLanguage(lang: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* private mode: the server cookie still carries the choice */
  }
  if (currentLanguage() !== lang) await i18n.changeLanguage(lang);
  // Not awaited: the interface switches at once, the server follows.
  apiFetch('/api/language', { method: 'POST', json: { language: lang } }).catch(() => {
    /* the server falls back to Accept-Language, which apiFetch sets */
  });
}

/** After login / session load: the actor's saved language applies unless this browser has a choice. */
export async function adoptActorLanguage(me: Me | null): Promise<void> {
  if (me?.language && !storedLanguage()) await applyLanguage(me.language);
}
