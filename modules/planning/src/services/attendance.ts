import type { Knex } from '@alterna/core';

/** Tells which of the given lessons have an attendance sheet that has started (signatures taken). */
export type AttendanceCheck = (db: Knex | Knex.Transaction, lessonIds: string[]) => Promise<Set<string>>;

/**
 * The attendance module (later) registers how it knows that attendance has started on a lesson; planning
 * asks before cancelling, deleting, moving back or undoing. Until one registers, no lesson has started.
 */
export interface AttendanceHook {
  register(check: AttendanceCheck): void;
  /**
   * The attendance module names, as one SQL statement selecting lesson ids, the lessons actually delivered (their
   * sheet closed): progress then reports delivered hours without planning naming another module's tables.
   */
  registerDelivered(sql: string): void;
  /** That statement; none registered, no lesson is delivered. */
  deliveredLessonsSql(): string;
  /** Ids among `lessonIds` whose attendance has started; one set query per registered check. */
  started(db: Knex | Knex.Transaction, lessonIds: string[]): Promise<Set<string>>;
}

export function attendanceHook(): AttendanceHook {
  const checks: AttendanceCheck[] = [];
  let delivered = 'SELECT NULL::uuid WHERE false';
  return {
    register: (check) => void checks.push(check),
    registerDelivered: (sql) => {
      delivered = sql;
    },
    deliveredLessonsSql: () => delivered,
    async started(db, lessonIds) {
      const started = new Set<string>();
      if (!lessonIds.length) return started;
      for (const found of await Promise.all(checks.map((check) => check(db, lessonIds)))) for (const id of found) started.add(id);
      return started;
    },
  };
}
