import type { Context, Next } from 'koa';
import { FieldsRefusedError, localizedErrorKeys, UserError, ValidationError, type Violation } from '../errors.js';
import type { Logger } from '../logger.js';
import { isTemporalUnavailable } from '../temporal/unavailable.js';
import { bodyLimitText } from './guards.js';
import type { RequestState } from './state.js';

/** Maps thrown errors to SPEC §8 answers: violations as 422, user errors by status, Temporal unreachable 503, the rest a generic 500. */
export function errorMiddleware(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (error) {
      const state = ctx.state as RequestState;
      const t = state.t;
      let status = 500;
      let errors: (Violation & { reason?: string })[];
      let details: Record<string, unknown> = {};
      if (error instanceof ValidationError) {
        status = 422;
        errors = error.violations;
        details = error.details;
      } else if (error instanceof FieldsRefusedError) {
        status = error.status;
        errors = error.violations;
      } else if (isTemporalUnavailable(error)) {
        // Temporal is down or too slow: what needs it waits, the rest of the API goes on serving.
        log.warn({ err: error, requestId: state.requestId, path: ctx.path }, 'Temporal unavailable');
        status = 503;
        errors = [{ path: '', message: t ? t('errors.temporalUnavailable') : 'Bulk operations are unavailable for the moment' }];
      } else if (error instanceof UserError) {
        status = error.status;
        errors = [{ path: '', message: translateUserError(error, t), ...(error.reason ? { reason: error.reason } : {}) }];
      } else if ((error as { status?: number } | null)?.status === 413) {
        status = 413;
        errors = [{ path: '', message: t ? t('errors.payloadTooLarge', { limit: bodyLimitText }) : 'Payload too large' }];
      } else if (isBodyParseError(error)) {
        status = 422;
        errors = [{ path: '', message: t ? t('errors.invalidJson') : 'Invalid JSON' }];
      } else if (isUnreadableBody(error)) {
        // A charset or Content-Encoding nobody reads here is a content type we do not take; a body that is not
        // what its Content-Encoding says (or cut short) is no JSON either.
        const unsupported = (error as { status?: number }).status === 415;
        status = unsupported ? 415 : 422;
        errors = [{ path: '', message: t ? t(unsupported ? 'errors.unsupportedMediaType' : 'errors.invalidJson') : 'Unreadable body' }];
      } else {
        log.error({ err: error, requestId: state.requestId, path: ctx.path }, 'request failed');
        errors = [{ path: '', message: t ? t('errors.internal') : 'Internal error' }];
      }
      ctx.status = status;
      ctx.body = { ...details, errors };
    }
  };
}

/** Machine words become the user's language; the SPEC's 'Access Denied.' travels on as `reason`. */
function translateUserError(error: UserError, t: RequestState['t'] | undefined): string {
  const key = localizedErrorKeys[error.code];
  return key && t ? t(key) : error.message;
}

function isBodyParseError(error: unknown): boolean {
  const e = error as { status?: number; type?: string; body?: unknown } | null;
  return !!e && e.status === 400 && (e instanceof SyntaxError || e.type === 'entity.parse.failed' || e.type === 'entity.verify.failed');
}

/** The body parser's refusals other than broken JSON: an unknown charset or encoding (415), a corrupt gzip, a body cut short. */
function isUnreadableBody(error: unknown): boolean {
  const e = error as { status?: number; expose?: boolean; code?: string; type?: string } | null;
  if (!e) return false;
  // inflation marks its unknown Content-Encoding 415 without http-errors' `expose`.
  if (e.status === 415) return true;
  if (e.expose === true && e.status === 400 && ['request.aborted', 'request.size.invalid', 'stream.encoding.set'].includes(e.type ?? '')) return true;
  return typeof e.code === 'string' && /^Z_/.test(e.code);
}
