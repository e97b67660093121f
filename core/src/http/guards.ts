import type { Context, Next } from 'koa';
import { UserError } from '../errors.js';
import type { RequestState } from './state.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Largest body an API request may send, JSON or GraphQL. */
export const bodyLimitBytes = 5 * 1024 * 1024;
export const bodyLimitText = '5 Mo';

export class RequestRefused extends UserError {
  readonly code: string;
  constructor(public readonly status: number, code: string, message: string) {
    super(message);
    this.code = code;
  }
}

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  return (!!length && length !== '0') || !!ctx.get('transfer-encoding');
}

/** A page of another site may post forms to us with the user's cookie: only our own pages' requests change things. */
function isCrossSite(ctx: Context): boolean {
  const site = ctx.get('sec-fetch-site');
  // Browsers send Sec-Fetch-Site with every request; Origin is the fallback of older ones. Tools send neither.
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = ctx.get('origin');
  if (!origin || origin === 'null') return !!origin;
  try {
    return new URL(origin).host !== ctx.get('host');
  } catch {
    return true;
  }
}

/**
 * A form post can be sent by any site without a preflight: state-changing requests carry JSON, except the
 * SPEC's scripted form posts, which carry the scripted-POST header no other site's form can send.
 */
export function assertJsonBody(ctx: Context, scriptedForm: boolean, oneClickForm = false): void {
  if (!unsafeMethods.has(ctx.method) || !hasBody(ctx) || ctx.is('application/json', 'application/*+json')) return;
  const scripted = ctx.get('x-requested-with').toLowerCase() === 'xmlhttprequest';
  if ((scriptedForm && scripted || oneClickForm) && ctx.is('urlencoded')) return;
  throw new RequestRefused(415, 'UNSUPPORTED_MEDIA_TYPE', (ctx.state as RequestState).t('errors.unsupportedMediaType'));
}

/**
 * A GET that changes state (SPEC names a few, e.g. the booklet cancel-validation paths): only our own pages' scripted
 * requests — same site and with the scripted-request header, which neither another site's link nor its image can send.
 */
export function assertScriptedRequest(ctx: Context): void {
  const scripted = ctx.get('x-requested-with').toLowerCase() === 'xmlhttprequest';
  if (scripted && !isCrossSite(ctx)) return;
  throw new RequestRefused(403, 'CROSS_SITE', (ctx.state as RequestState).t('errors.crossSite'));
}

/**
 * An upload route's body: multipart/form-data, with the scripted-POST header that no other site's form can
 * send (a page of another site can post a multipart form with the user's cookie, but not add a header).
 */
export function assertMultipartBody(ctx: Context): void {
  const scripted = ctx.get('x-requested-with').toLowerCase() === 'xmlhttprequest';
  if (unsafeMethods.has(ctx.method) && scripted && ctx.is('multipart/form-data')) return;
  throw new RequestRefused(415, 'UNSUPPORTED_MEDIA_TYPE', (ctx.state as RequestState).t('upload.multipartRequired'));
}

/**
 * For every state-changing API request: from our own pages only, within the size limit; GraphQL in JSON only
 * (routes check their own body type, see assertJsonBody). Refusals use the usual error shape, in the user's language.
 */
export function requestGuards() {
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/') || !unsafeMethods.has(ctx.method)) return next();
    const { t } = ctx.state as RequestState;
    if (isCrossSite(ctx)) throw new RequestRefused(403, 'CROSS_SITE', t('errors.crossSite'));
    if (ctx.path === '/api/graphql') {
      assertJsonBody(ctx, false);
      // GraphQL reads its own body, with no limit of its own: its size must be known and bounded up front.
      if (hasBody(ctx) && !ctx.get('content-length')) throw new RequestRefused(411, 'LENGTH_REQUIRED', t('errors.lengthRequired'));
    }
    // Multipart bodies reach upload routes only (others refuse them unread), which apply their own maxBytes.
    if (!ctx.is('multipart') && Number(ctx.get('content-length') || 0) > bodyLimitBytes) throw payloadTooLarge(t);
    await next();
  };
}

export function payloadTooLarge(t: RequestState['t']): UserError {
  return new RequestRefused(413, 'PAYLOAD_TOO_LARGE', t('errors.payloadTooLarge', { limit: bodyLimitText }));
}
