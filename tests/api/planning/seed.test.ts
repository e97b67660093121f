import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicHolidaysBetween, type TrainingCentreServices } from '@alterna/training-centre';
import { loadDemoContext } from '@alterna/planning';
import { planDemoTerm, DEMO_DAYS } from '@alterna/planning';
import type { Knex } from '@alterna/core';
import { startTestApp, type TestApp } from '../../support/app.js';
import { now } from '@alterna/core/clock';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const knex = () => app.core.db.knex;
const calendar = () => app.core.services<TrainingCentreServices>('training-centre').calendar;
const count = async (sql: string, bindings: readonly Knex.RawBinding[] = []) => Number((await knex().raw(sql, bindings)).rows[0].n);

/** The demo planning groups: those of the current session's training groups, and their sub-groups. */
const demoGroups = `
  WITH current_session AS (SELECT id FROM training_sessions WHERE start_date <= (now() AT TIME ZONE 'Europe/Paris')::date ORDER BY start_date DESC LIMIT 1),
  mains AS (SELECT pg.* FROM planning_groups pg JOIN training_groups tg ON tg.id = pg.training_group_id WHERE tg.training_session_id IN (SELECT id FROM current_session))
  SELECT * FROM mains UNION ALL SELECT pg.* FROM planning_groups pg WHERE pg.parent_id IN (SELECT id FROM mains) AND pg.name LIKE '% – TP groupe %'`;
const demoLessons = `SELECT DISTINCT l.* FROM lessons l JOIN lesson_planning_groups lpg ON lpg.lesson_id = l.id WHERE lpg.planning_group_id IN (SELECT id FROM (${demoGroups}) g)`;

describe('demo planning seed', () => {
  it('plans a term: groups with subject hours and students, a few hundred lessons around today with teachers and rooms', async () => {
    const trainingGroups = await count(`SELECT count(*) AS n FROM training_groups tg JOIN training_sessions s ON s.id = tg.training_session_id
      WHERE s.start_date <= (now() AT TIME ZONE 'Europe/Paris')::date AND (now() AT TIME ZONE 'Europe/Paris')::date <= s.end_date`);
    const groups = (await knex().raw(demoGroups)).rows as { id: string; parent_id: string | null; name: string }[];
    expect(groups.filter((g) => !g.parent_id)).toHaveLength(trainingGroups);
    expect(groups.filter((g) => g.parent_id).map((g) => g.name).sort()).toEqual(['SIO 1 SLAM – TP groupe A', 'SIO 1 SLAM – TP groupe B']);
    const ids = groups.map((g) => g.id);
    const lines = await knex()('planning_group_subject_lines').whereIn('planning_group_id', ids).select('planning_group_id', 'hours');
    expect(new Set(lines.map((l) => l.planning_group_id)).size).toBe(groups.length);
    expect(lines.every((l) => Number(l.hours) > 0)).toBe(true);
    expect(await count(`SELECT count(*) AS n FROM planning_group_subscriptions WHERE planning_group_id = ANY(?)`, [ids])).toBeGreaterThanOrEqual(10);

    const lessons = (await knex().raw(`SELECT l.*, to_char(l.start_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS day,
        extract(isodow FROM l.start_at AT TIME ZONE 'Europe/Paris') AS dow, to_char(l.start_at AT TIME ZONE 'Europe/Paris', 'HH24:MI') AS starts,
        to_char(l.end_at AT TIME ZONE 'Europe/Paris', 'HH24:MI') AS ends FROM (${demoLessons}) l`)).rows;
    expect(lessons.length).toBeGreaterThanOrEqual(300);
    expect(lessons.length).toBeLessThanOrEqual(600);
    expect(lessons.every((l: any) => Number(l.dow) <= 5 && l.starts >= '09:00' && l.ends <= '17:00' && l.school_subject_id && l.training_session_id)).toBe(true);
    const days: string[] = [...new Set<string>(lessons.map((l: any) => l.day as string))].sort();
    expect(days.length).toBe(DEMO_DAYS);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now());
    expect(days.some((d) => d < today) && days.some((d) => d > today)).toBe(true);

    const links = await count(`SELECT count(*) AS n FROM lesson_teachers WHERE lesson_id IN (SELECT id FROM (${demoLessons}) l)`);
    const rooms = await count(`SELECT count(*) AS n FROM lesson_rooms WHERE lesson_id IN (SELECT id FROM (${demoLessons}) l)`);
    expect(links).toBe(lessons.length);
    expect(rooms).toBeGreaterThan(lessons.length * 0.9);
    expect(lessons.filter((l: any) => l.status === 'cancelled').map((l: any) => Boolean(l.cancellation_type))).toEqual([true, true]);
    expect(lessons.filter((l: any) => l.status === 'locked').length).toBeGreaterThanOrEqual(2);
    // Contracts linked only where the teacher's contract of the session has the lesson's subject.
    expect(await count(`SELECT count(*) AS n FROM lesson_teachers lt JOIN lessons l ON l.id = lt.lesson_id JOIN teacher_contracts c ON c.id = lt.teacher_contract_id
      WHERE c.teacher_id <> lt.teacher_id OR c.training_session_id <> l.training_session_id
         OR NOT EXISTS (SELECT 1 FROM teacher_contract_subject_lines s WHERE s.teacher_contract_id = c.id AND s.school_subject_id = l.school_subject_id)`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM lesson_teachers WHERE teacher_contract_id IS NOT NULL AND lesson_id IN (SELECT id FROM (${demoLessons}) l)`)).toBeGreaterThan(50);
  });

  it('never double-books a room, a teacher or a group (parent and sub-groups included)', async () => {
    for (const [table, column] of [['lesson_rooms', 'room_id'], ['lesson_teachers', 'teacher_id'], ['lesson_planning_groups', 'planning_group_id']]) {
      expect(await count(`SELECT count(*) AS n FROM ${table} a JOIN ${table} b ON a.${column} = b.${column} AND a.lesson_id < b.lesson_id AND a.period && b.period
        WHERE a.active AND b.active`), table).toBe(0);
    }
    expect(await count(`SELECT count(*) AS n FROM lesson_planning_groups a JOIN planning_groups child ON child.id = a.planning_group_id
      JOIN lesson_planning_groups b ON b.planning_group_id = child.parent_id AND a.period && b.period WHERE a.active AND b.active`)).toBe(0);
  });

  it('plans nothing on a closure, a public holiday, a company period, a trainer constraint or a booking', async () => {
    expect(await count(`SELECT count(*) AS n FROM (${demoLessons}) l JOIN schedule_campus_closures c ON c.campus_id = l.campus_id
      AND (l.start_at AT TIME ZONE 'Europe/Paris')::date BETWEEN c.start_date AND c.end_date`)).toBe(0);
    const days: string[] = (await knex().raw(`SELECT DISTINCT to_char(start_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS day FROM (${demoLessons}) l ORDER BY 1`)).rows.map((r: any) => r.day);
    const holidays = new Set(publicHolidaysBetween(days[0]!, days[days.length - 1]!).map((h) => h.date));
    expect(days.filter((d) => holidays.has(d))).toEqual([]);

    const periods = await knex()('training_group_work_studies as w').join('training_groups as tg', 'tg.id', 'w.training_group_id').select('w.*', 'tg.short_name');
    expect(periods.filter((p) => p.type === 'Entreprise')).toHaveLength(1);
    expect(periods.filter((p) => p.type === 'Formation').length).toBeGreaterThanOrEqual(1);
    expect(await count(`SELECT count(*) AS n FROM training_group_work_studies w JOIN planning_groups pg ON pg.training_group_id = w.training_group_id
      JOIN lesson_planning_groups lpg ON lpg.planning_group_id = pg.id
      WHERE w.type = 'Entreprise' AND lpg.active AND (lower(lpg.period) AT TIME ZONE 'Europe/Paris')::date BETWEEN w.start_date AND w.end_date`)).toBe(0);

    expect(await count('SELECT count(*) AS n FROM trainer_constraints')).toBeGreaterThanOrEqual(3);
    expect(await count('SELECT count(*) AS n FROM trainer_constraints WHERE all_day')).toBeGreaterThanOrEqual(1);
    expect(await count(`SELECT count(*) AS n FROM trainer_constraints c JOIN lesson_teachers lt ON lt.teacher_id = c.teacher_id AND lt.active AND lt.period && c.period`)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM room_bookings')).toBeGreaterThanOrEqual(2);
    expect(await count(`SELECT count(*) AS n FROM room_bookings b JOIN lesson_rooms lr ON lr.room_id = b.room_id AND lr.active AND lr.period && b.period`)).toBe(0);
  });

  it('plans the same term for the same centre and day, even at the end of the school year', async () => {
    let n = 0;
    const ids = () => `id-${n++}`;
    const context = (await loadDemoContext(knex(), calendar()))!;
    const first = planDemoTerm(context, ids);
    n = 0;
    expect(planDemoTerm(context, ids)).toEqual(first);

    // In August (summer closure, session ending), the term still has its days, all inside the session.
    const august = (await loadDemoContext(knex(), calendar(), `${context.session.endDate.slice(0, 4)}-08-10`))!;
    const late = planDemoTerm(august);
    expect(late.days).toHaveLength(DEMO_DAYS);
    expect(late.days.every((d) => d >= august.session.startDate && d <= august.session.endDate)).toBe(true);
    const slots = new Set<string>();
    for (const lesson of late.lessons) {
      for (const id of [lesson.groupId, lesson.teacherId, lesson.roomId]) {
        if (!id) continue;
        const key = `${id}|${lesson.startAt}`;
        expect(slots.has(key), key).toBe(false);
        slots.add(key);
      }
    }
    expect(late.lessons.length).toBeGreaterThan(300);

    // On the session's last day, nothing is ahead: the term still has its cancelled and locked lessons and bookings.
    const last = planDemoTerm((await loadDemoContext(knex(), calendar(), context.session.endDate))!);
    expect(last.lessons.filter((l) => l.status === 'cancelled')).toHaveLength(2);
    expect(last.lessons.filter((l) => l.status === 'locked').length).toBeGreaterThanOrEqual(2);
    expect(last.bookings.length).toBeGreaterThanOrEqual(2);
    expect(last.workStudies.filter((w) => w.type === 'Entreprise')).toHaveLength(1);
  });
});
