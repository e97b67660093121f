import type { Config, Logger } from '@alterna/core';

/**
 * In production, an unset TRUSTED_PROXIES is said at start: behind a reverse proxy every client then has the proxy's
 * address, so the per-address login limit, reached by anyone, stops every login. Nothing can tell at start whether a
 * proxy is in front, hence a warning, not a refusal.
 */
export function warnUntrustedProxies(config: Config, log: Logger): void {
  if (config.env !== 'production' || config.trustedProxies.length) return;
  const minutes = Math.ceil(config.loginWindowSeconds / 60);
  log.warn(
    { variable: 'TRUSTED_PROXIES' },
    `TRUSTED_PROXIES is not set: X-Forwarded-For is not believed, so behind a reverse proxy every client has the proxy's address and ` +
      `${config.loginMaxAttemptsPerAddress} failed logins from anyone stop every login for ${minutes} minute(s). ` +
      'Set TRUSTED_PROXIES to the proxy\'s addresses (or CIDR ranges).',
  );
}
