import type { Actor } from '../auth/types.js';
import type { Language, Translate } from '../i18n/index.js';

/** What the core's middleware puts on every request. */
export interface RequestState {
  requestId: string;
  language: Language;
  t: Translate;
  actor: Actor | null;
}
