import type { Context, Next } from 'koa';
import type { i18n as I18n } from 'i18next';
import { isLanguage, languageFromAcceptLanguage, type Language } from '../i18n/index.js';
import type { RequestState } from './state.js';

export const languageCookie = 'alterna_lang';

/** The user's choice (cookie, then profile) wins; else the browser's French or English; else French. */
export function pickLanguage(ctx: Context): Language {
  const state = ctx.state as Partial<RequestState>;
  const chosen = ctx.cookies.get(languageCookie);
  if (isLanguage(chosen)) return chosen;
  if (state.actor?.language) return state.actor.language;
  return languageFromAcceptLanguage(ctx.get('accept-language'));
}

export function languageMiddleware(i18n: I18n) {
  return async (ctx: Context, next: Next) => {
    const state = ctx.state as RequestState;
    state.language = pickLanguage(ctx);
    state.t = i18n.getFixedT(state.language);
    await next();
  };
}
