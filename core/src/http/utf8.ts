import type { Context, Next } from 'koa';
import { RequestRefused } from './guards.js';
import type { RequestState } from './state.js';

/**
 * JSON is UTF-8 text. The body parser decodes any bytes, putting U+FFFD where they are not UTF-8, and that text
 * would be stored as sent: the bytes of a JSON body are checked as they arrive (a fatal decoder beside the
 * parser's, both listening to the request), and a body that is not UTF-8 answers 422 like broken JSON.
 * Compressed bodies are left to the parser (their bytes are not the text's).
 */
export function utf8Checked(parse: (ctx: Context, next: Next) => Promise<unknown>) {
  return (ctx: Context, next: Next) => {
    const encoding = ctx.get('content-encoding');
    const checked = ['POST', 'PUT', 'PATCH'].includes(ctx.method) && (!encoding || encoding === 'identity') && !!ctx.is('application/json', 'application/*+json');
    if (!checked) return parse(ctx, next);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let valid = true;
    const onData = (chunk: Buffer) => {
      if (!valid) return;
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        valid = false;
      }
    };
    // Attached right before the parser reads, in the same turn: the request flows to both from its first byte.
    ctx.req.on('data', onData);
    return parse(ctx, async () => {
      ctx.req.off('data', onData);
      try {
        if (valid) decoder.decode();
      } catch {
        valid = false;
      }
      if (!valid) throw new RequestRefused(422, 'INVALID_JSON', (ctx.state as RequestState).t('errors.invalidJson'));
      return next();
    });
  };
}
