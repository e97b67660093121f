import type { Knex } from '@alterna/core';

type Task = () => unknown;

/**
 * Independent queries together: in parallel on the pool, one after another on a transaction (its single
 * connection cannot run two queries at once; pg only queues them, and will stop doing so).
 */
export async function allQueries<T extends readonly Task[]>(db: Knex | Knex.Transaction, tasks: [...T]): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!db.isTransaction) return (await Promise.all(tasks.map((task) => task()))) as never;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as never;
}
