import type { Config, Knex } from '@alterna/core';
import { now, nowMs } from '@alterna/core/clock';

/** An attempt counted under each of its limits: the rows that count it. */
export interface CountedAttempt {
  accountKey: string;
  addressRowId: number;
}

export interface LoginLimit {
  /**
   * Counts one login attempt under each of its limits at once, or under none when one is reached (null): what is
   * counted is what may be checked, so simultaneous attempts over any number of processes check the limit's number.
   */
  count(email: string, address: string): Promise<CountedAttempt | null>;
  /** The attempt was right: the e-mail's failures from that address are forgiven, and its place in the address's count given back. */
  succeeded(attempt: CountedAttempt): Promise<void>;
}

// The first key of the two-integer advisory locks: the login limit's own space (the migration lock uses the one-bigint form).
const lockSpace = 20_261_128;

/**
 * Failures count per e-mail and address (one client, or one address of many clients, cannot lock an account for
 * people elsewhere) and per address whatever the e-mail (one address guessing many accounts), with room for a
 * school's shared address. Config: LOGIN_MAX_ATTEMPTS, LOGIN_MAX_ATTEMPTS_PER_ADDRESS, LOGIN_WINDOW_SECONDS.
 */
export function loginLimit(knex: Knex, config: Config): LoginLimit {
  const windowStart = () => new Date(nowMs() - config.loginWindowSeconds * 1000);
  return {
    async count(email, address) {
      const accountKey = `email:${email.toLowerCase()}|address:${address}`;
      const addressKey = `address:${address}`;
      const limits = [{ key: accountKey, max: config.loginMaxAttempts }, { key: addressKey, max: config.loginMaxAttemptsPerAddress }];
      return knex.transaction(async (trx) => {
        // Count then insert is atomic only while no one else counts the same keys: a lock per key, held to the
        // commit, taken in one order (by hash) so that two attempts never wait on each other.
        await trx.raw(
          'SELECT pg_advisory_xact_lock(?, h) FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest(?::text[]) AS k ORDER BY h) AS keys',
          [lockSpace, limits.map(({ key }) => key)],
        );
        const counts = await trx('login_attempts').select('key').count<{ key: string; count: number }[]>({ count: '*' })
          .whereIn('key', limits.map(({ key }) => key)).where('attempted_at', '>', windowStart()).groupBy('key');
        const reached = limits.some(({ key, max }) => Number(counts.find((row) => row.key === key)?.count ?? 0) >= max);
        if (reached) return null;
        const rows: { id: number; key: string }[] = await trx('login_attempts')
          .insert(limits.map(({ key }) => ({ key, attempted_at: now() }))).returning(['id', 'key']);
        return { accountKey, addressRowId: Number(rows.find((row) => row.key === addressKey)!.id) };
      });
    },
    async succeeded({ accountKey, addressRowId }) {
      await knex('login_attempts').where({ key: accountKey }).orWhere({ id: addressRowId }).delete();
    },
  };
}
