import type { Knex } from '@alterna/core';

/**
 * The deployment's sending pace: MASS_EMAIL_RATE_PER_SECOND for every campaign on every worker together (a relay's
 * limit is per sender, and two campaigns at once each sent at the full rate). One row holds the next free slot; a
 * batch reserves a tenth of a second's worth of slots with one statement and sends at their times.
 */
export interface SendingPace {
  /** Reserves `count` slots `intervalMs` apart, after any already reserved; answers the first one's time (epoch ms). */
  reserve(count: number, intervalMs: number): Promise<number>;
  /** A batch's slot taker: each call answers the next slot's time, reserving more as needed. */
  slots(intervalMs: number, remaining: () => number): () => Promise<number>;
}

export function sendingPace(knex: Knex): SendingPace {
  async function reserve(count: number, intervalMs: number): Promise<number> {
    // The database's clock: every worker takes its slots from the same one.
    const { rows } = await knex.raw(
      `UPDATE mass_email_pace SET next_at = greatest(next_at, clock_timestamp()) + ?::float8 * interval '1 millisecond'
        WHERE id = 1 RETURNING extract(epoch FROM next_at)::float8 * 1000 - ?::float8 AS first_ms`,
      [count * intervalMs, count * intervalMs],
    );
    return Number(rows[0].first_ms);
  }
  return {
    reserve,
    slots(intervalMs, remaining) {
      const queue: number[] = [];
      let reserving: Promise<void> | null = null;
      const perReservation = Math.max(1, Math.ceil(100 / intervalMs));
      return async () => {
        while (!queue.length) {
          reserving ??= (async () => {
            const count = Math.max(1, Math.min(perReservation, remaining()));
            const first = await reserve(count, intervalMs);
            for (let i = 0; i < count; i += 1) queue.push(first + i * intervalMs);
          })().finally(() => {
            reserving = null;
          });
          await reserving;
        }
        return queue.shift()!;
      };
    },
  };
}
