import type { Knex } from '@alterna/core';

/**
 * The attendance module (later) names, as SQL statements selecting lesson ids, the lessons whose attendance has
 * started and those delivered: planning refuses to cancel, delete, move back or undo the first, reports the hours
 * of the second, and reads both inside its own statements without naming another module's tables.
 */
export interface AttendanceHook {
  /** A statement selecting the ids of the lessons whose attendance has started (signatures taken). */
  registerStarted(sql: string): void;
  /** The registered statements as one (UNION ALL); none registered, no lesson has started. */
  startedLessonsSql(): string;
  /** A statement selecting the ids of the lessons actually delivered (their sheet closed). */
  registerDelivered(sql: string): void;
  /** That statement; none registered, no lesson is delivered. */
  deliveredLessonsSql(): string;
  /** Ids among `lessonIds` whose attendance has started, in one statement. */
  started(db: Knex | Knex.Transaction, lessonIds: string[]): Promise<Set<string>>;
}

const none = 'SELECT NULL::uuid AS lesson_id WHERE false';

export function attendanceHook(): AttendanceHook {
  const started: string[] = [];
  let delivered = none;
  const startedSql = () => (started.length ? started.map((sql) => `(${sql})`).join(' UNION ALL ') : none);
  return {
    // Registered again (a second app in one test file), a statement is still asked once.
    registerStarted: (sql) => void (started.includes(sql) || started.push(sql)),
    startedLessonsSql: startedSql,
    registerDelivered: (sql) => {
      delivered = sql;
    },
    deliveredLessonsSql: () => delivered,
    async started(db, lessonIds) {
      if (!lessonIds.length || !started.length) return new Set<string>();
      const rows: { lesson_id: string }[] = (await db.raw(`SELECT s.lesson_id FROM (${startedSql()}) s(lesson_id) WHERE s.lesson_id = ANY(?::uuid[])`, [lessonIds])).rows;
      return new Set(rows.map((row) => row.lesson_id));
    },
  };
}
