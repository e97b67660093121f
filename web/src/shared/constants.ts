/** Business constants of SPEC §9 used by the web client. */

/** Languages of the interface; any other browser language falls back to DEFAULT_LANGUAGE. */
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';

/** Shared toast: bottom-left, closable, progress bar, pauses on hover. */
export const TOAST_DURATION_MS = 8000;
export const TOAST_POSITION = 'bottom-left' as const;
/** Toast duration of the generic request helper (SPEC §9). */
export const HELPER_TOAST_DURATION_MS = 5000;

/** Dialog (confirm / alert) width. */
export const DIALOG_WIDTH = '60em';

/** Select widgets search from this many characters. */
export const SEARCH_MIN_CHARS = 2;
/** Select refresh delay (debounce of the async option loader). */
export const SELECT_REFRESH_MS = 100;

/** Operations page polls this often while an operation runs. */
export const OPERATIONS_POLL_MS = 1000;

/** localStorage key holding the user's explicit language choice. */
export const LANGUAGE_STORAGE_KEY = 'alterna.language';

/** Messages the server sends that mean the session is gone or not allowed (SPEC §8). */
export const ACCESS_DENIED_MESSAGE = 'Access Denied.';
export const NOT_LOGGED_IN_MESSAGE = 'User is not logged in';
