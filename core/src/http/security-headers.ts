import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';

/**
 * Helmet's headers for every answer: a CSP that allows only our own scripts (Mantine needs inline styles),
 * no framing by other sites, nosniff, a strict referrer policy.
 */
export function securityHeaders(production: boolean) {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        // Plain HTTP in development and tests: upgrading would send the page's requests to a port with no TLS.
        'upgrade-insecure-requests': production ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production,
  });
  return async (ctx: Context, next: Next) => {
    // GraphiQL (development only) loads its page's scripts from a CDN.
    if (!production && ctx.path === '/api/graphql' && ctx.method === 'GET' && ctx.accepts('html')) return next();
    return headers(ctx, next);
  };
}
