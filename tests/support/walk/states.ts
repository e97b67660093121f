import { addDays, todayIn } from '@alterna/core/dates';
import { nowMs } from '@alterna/core/clock';
import type { Knex } from '@alterna/core';
import { parisWallClock } from '@alterna/planning/validation';
import { demo, type ApiClient, type TestApp } from '../app.js';

// Every state a walked page can draw, held by the walk's data at any hour (issue #30). The demo seed plans its
// term around the day it runs, so which states exist depends on the date: on one Sunday night the demo teacher's
// course had a lesson past and never opened and a cancelled one, on another day neither. This fixture adds, around
// the clock's now, lessons of the walked course (the demo teacher's subject, tests/support/walk/params.ts) for a
// planning group of the demo student and classmates, one per state:
//
// - today: a lesson begun (in progress unless the teacher was already teaching then) with its sheet open (some
//   lines marked, the demo student's not, some signed), one begun with its sheet closed, one not opened (coming,
//   unless the day is nearly over), one cancelled: the teacher's day, the timetables, the planning calendar's week;
// - yesterday: a lesson never opened, one whose sheet was left open, one closed (the teacher's day page has a stop
//   on yesterday: the three states of a day's sheets at any hour); the day before, a cancelled lesson;
// - closed sheets, a day each from yesterday back, on which the demo student is each status in turn (present,
//   without signature, late, early exit, temporary exit, temporary exclusion, fraud), then absent on four days
//   whose justifications are accepted (excused), refused, waiting, and none; the other students of each sheet take
//   every status too; the first has its lesson report; then the alerts the evening run raises from them;
// - coming days: a lesson not opened (its sheet not open yet), a cancelled one, a locked exam.
//
// Sheets are opened, marked, signed and closed through the API as the demo teacher, or a manager correcting where
// the teacher's time for it is over (the signature chain is the product's); lessons, the justifications and the
// report are inserted as the seed inserts them. Times are taken
// from the core's clock (a run at a set instant sees the same states around it), on free slots of the teacher
// and the students (the database refuses a teacher or a group in two lessons at once).

type LineStatus = 'present' | 'without-signature' | 'late' | 'early-exit' | 'temporary-exit' | 'temporary-exclusion' | 'fraud' | 'absent';
const statuses: LineStatus[] = ['present', 'without-signature', 'late', 'early-exit', 'temporary-exit', 'temporary-exclusion', 'fraud', 'absent'];
/** Statuses whose student signs (the others do not, or are not there). */
const signing = new Set<LineStatus>(['present', 'late', 'early-exit', 'temporary-exit']);

export type Justified = 'accepted' | 'refused' | 'submitted' | 'none';

export interface WalkStates {
  teacherId: string;
  schoolSubjectId: string;
  planningGroupId: string;
  /** Yesterday in Paris ('YYYY-MM-DD'): a lesson of each sheet state. */
  yesterday: string;
  /** The walked course's lessons by state. */
  lessons: {
    todayOpen: string;
    todayClosed: string;
    todayNotOpened: string;
    todayCancelled: string;
    pastNotOpened: string;
    pastCancelled: string;
    pastOpen: string;
    /** Yesterday's closed sheet, every status on it, and its lesson report. */
    pastClosed: string;
    comingNotOpened: string;
    comingCancelled: string;
    comingLocked: string;
  };
  /** The demo student's absences (line ids) by what their justification says. */
  absences: Record<Justified, string>;
}

const minute = 60_000;
const strokes = (seed: number) => [[[20 + seed * 7, 60], [90, 20 + seed * 3], [160, 80], [240, 40]], [[260, 70], [330, 30 + seed]]];

/** Ids the states need from the demo centre. */
async function demoIds(knex: Knex, schoolSubjectId: string) {
  const actor = async (typology: string) => {
    const row = await knex('identity_actors').where({ email: demo(typology) }).first('id');
    if (!row) throw new Error(`walk states: no demo ${typology}`);
    return row.id as string;
  };
  const [teacherId, studentId, staffId] = [await actor('teacher'), await actor('student'), await actor('pedagogy')];
  // The campus of the teacher's lessons of that subject.
  const taught = await knex('planning_lessons as l').join('planning_lesson_teachers as lt', 'lt.lesson_id', 'l.id')
    .where({ 'lt.teacher_id': teacherId, 'l.school_subject_id': schoolSubjectId })
    .groupBy('l.campus_id').orderByRaw('count(*) DESC').first('l.campus_id');
  if (!taught) throw new Error('walk states: the demo teacher has no lesson of the walked subject');
  const campusId = taught.campus_id as string;
  // The demo student's registration on that campus, then classmates of the campus (the newest session first).
  const registrations = (await knex('students_student_registrations as r')
    .join('trainings_training_groups as tg', 'tg.id', 'r.training_group_id')
    .join('trainings_training_sessions as ts', 'ts.id', 'tg.training_session_id')
    .where('tg.campus_id', campusId)
    .orderByRaw('(r.student_id = ?) DESC, ts.start_date DESC, r.id', [studentId])
    .select('r.id', 'r.student_id')) as { id: string; student_id: string }[];
  const mine = registrations.find((r) => r.student_id === studentId);
  if (!mine) throw new Error('walk states: the demo student has no registration on the campus of the walked course');
  const seen = new Set([studentId]);
  const classmates = registrations.filter((r) => !seen.has(r.student_id) && seen.add(r.student_id)).slice(0, 8);
  const sessions = (await knex('trainings_training_sessions')
    .select('id', knex.raw("to_char(start_date, 'YYYY-MM-DD') AS start_date"), knex.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"))) as { id: string; start_date: string; end_date: string }[];
  return { teacherId, studentId, staffId, campusId, registrations: [mine, ...classmates], sessions };
}

/** Busy periods (ms): a slot is free when it overlaps none. */
class Periods {
  private periods: [number, number][] = [];
  add(start: number, end: number) {
    this.periods.push([start, end]);
  }
  free(start: number, end: number) {
    return this.periods.every(([s, e]) => end <= s || start >= e);
  }
}

/**
 * The demo teacher's lessons (a teacher is in one lesson at a time: the database says so) and the students'
 * (their timetables stay readable; given up when the teacher's free slots are all taken by them).
 */
class Diary {
  constructor(private readonly teacher: Periods, private readonly students: Periods) {}
  /**
   * The free slot of `minutes` on a Paris day (a quarter-hour grid) whose start is nearest `prefer`, starting
   * by `startBy` if given (a sheet is taken once its lesson has begun); taken, or null when there is none.
   */
  take(day: string, prefer: number, minutes: number, startBy = Infinity): { startAt: string; endAt: string } | null {
    const first = Date.parse(parisWallClock(day));
    const last = Math.min(Date.parse(parisWallClock(addDays(day, 1))) - minutes * minute, startBy);
    const starts: number[] = [];
    for (let at = first; at <= last; at += 15 * minute) starts.push(at);
    starts.sort((a, b) => Math.abs(a - prefer) - Math.abs(b - prefer) || a - b);
    const fits = (at: number, everyone: boolean) => this.teacher.free(at, at + minutes * minute) && (!everyone || this.students.free(at, at + minutes * minute));
    const start = starts.find((at) => fits(at, true)) ?? starts.find((at) => fits(at, false));
    if (start === undefined) return null;
    this.teacher.add(start, start + minutes * minute);
    this.students.add(start, start + minutes * minute);
    return { startAt: new Date(start).toISOString(), endAt: new Date(start + minutes * minute).toISOString() };
  }
}

/** The demo teacher's and the students' lessons (not cancelled) around today: what the new lessons must not overlap. */
async function diaryOf(knex: Knex, teacherId: string, registrationIds: string[], today: string): Promise<Diary> {
  const groups = knex('planning_planning_group_subscriptions').whereIn('student_registration_id', registrationIds).select('planning_group_id');
  const around = (query: Knex.QueryBuilder) => query.whereNot('l.status', 'cancelled')
    .where('l.end_at', '>', parisWallClock(addDays(today, -60)))
    .where('l.start_at', '<', parisWallClock(addDays(today, 30)))
    .select('l.start_at', 'l.end_at');
  const periods = async (query: Knex.QueryBuilder) => {
    const found = new Periods();
    for (const row of (await query) as { start_at: Date; end_at: Date }[]) found.add(new Date(row.start_at).getTime(), new Date(row.end_at).getTime());
    return found;
  };
  return new Diary(
    await periods(around(knex('planning_lessons as l').join('planning_lesson_teachers as lt', 'lt.lesson_id', 'l.id').where('lt.teacher_id', teacherId))),
    await periods(around(knex('planning_lessons as l').join('planning_lesson_planning_groups as lg', 'lg.lesson_id', 'l.id').whereIn('lg.planning_group_id', groups))),
  );
}

interface LessonInput {
  startAt: string;
  endAt: string;
  status?: 'active' | 'locked' | 'cancelled';
  lessonType?: string;
  description?: string | null;
}

/** Inserts the states around the clock's now; `as` logs in a demo typology (the teacher, a manager). */
export async function insertWalkStates(app: TestApp, as: (typology: string) => Promise<ApiClient>, schoolSubjectId: string): Promise<WalkStates> {
  const knex = app.core.db.knex;
  const ids = await demoIds(knex, schoolSubjectId);
  const now = nowMs();
  const today = todayIn('Europe/Paris', new Date(now));
  const diary = await diaryOf(knex, ids.teacherId, ids.registrations.map((r) => r.id), today);
  // Days a justification of the demo student already covers: the absences below each need a day of their own.
  const justifiedDays = new Set(((await knex('attendance_justifications').where({ student_id: ids.studentId })
    .select(knex.raw("to_char(start_date, 'YYYY-MM-DD') AS start_date"), knex.raw("to_char(end_date, 'YYYY-MM-DD') AS end_date"))) as { start_date: string; end_date: string }[])
    .flatMap((j) => { const days: string[] = []; for (let d = j.start_date; d <= j.end_date; d = addDays(d, 1)) days.push(d); return days; }));

  const [group] = await knex('planning_groups')
    .insert({ campus_id: ids.campusId, training_group_id: null, parent_id: null, name: 'Anglais renforcé (page walk)' })
    .returning('id');
  const planningGroupId = group.id as string;
  await knex('planning_group_subject_lines').insert({ planning_group_id: planningGroupId, school_subject_id: schoolSubjectId, hours: 30, position: 0 });
  await knex('planning_group_subscriptions').insert(ids.registrations.map((r) => ({ planning_group_id: planningGroupId, student_registration_id: r.id })));

  const sessionOf = (day: string) => ids.sessions.find((s) => s.start_date <= day && day <= s.end_date)?.id ?? null;
  const insertLesson = async (lesson: LessonInput): Promise<string> => {
    const day = todayIn('Europe/Paris', new Date(lesson.startAt));
    const cancelled = lesson.status === 'cancelled';
    const [row] = await knex('lessons').insert({
      campus_id: ids.campusId, training_session_id: sessionOf(day), start_at: lesson.startAt, end_at: lesson.endAt,
      lesson_type: lesson.lessonType ?? 'course', status: lesson.status ?? 'active', description: lesson.description ?? null,
      cancellation_type: cancelled ? 'disease' : null, cancel_desc: cancelled ? 'Formateur absent (maladie)' : null, school_subject_id: schoolSubjectId,
    }).returning('id');
    await knex('lesson_teachers').insert({ lesson_id: row.id, teacher_id: ids.teacherId });
    await knex('lesson_planning_groups').insert({ lesson_id: row.id, planning_group_id: planningGroupId });
    return row.id as string;
  };
  const at = (day: string, time: string) => Date.parse(parisWallClock(day, time));
  /** A lesson on a free slot of `day` (else of the day before: today may have no free slot begun yet at 00:05). */
  const lessonOn = async (day: string, prefer: number, minutes: number, extra: Omit<LessonInput, 'startAt' | 'endAt'> & { startBy?: number } = {}): Promise<string> => {
    const { startBy, ...input } = extra;
    const slot = diary.take(day, prefer, minutes, startBy) ?? diary.take(addDays(day, -1), prefer, minutes, startBy);
    if (!slot) throw new Error(`walk states: no free ${minutes}-minute slot on ${day} or the day before`);
    return insertLesson({ ...slot, ...input });
  };
  const yesterday = addDays(today, -1);

  // Today, around now: in progress (its sheet open), before (closed), after (not opened), cancelled. A sheet is
  // taken once its lesson has begun.
  const todayOpen = await lessonOn(today, now - 30 * minute, 60, { startBy: now });
  const todayClosed = await lessonOn(today, now - 150 * minute, 60, { startBy: now });
  const todayNotOpened = await lessonOn(today, now + 90 * minute, 60);
  const todayCancelled = await lessonOn(today, now + 180 * minute, 60, { status: 'cancelled' });
  // Yesterday holds the three states of a day's sheets whatever the hour (the teacher's day page has a stop on it):
  // never opened, left open, and closed (the first of the closed sheets below). Then a cancelled lesson.
  const pastNotOpened = await lessonOn(yesterday, at(yesterday, '16:30'), 90);
  const pastOpen = await lessonOn(yesterday, at(yesterday, '11:00'), 90);
  const pastCancelled = await lessonOn(addDays(today, -2), at(addDays(today, -2), '16:30'), 90, { status: 'cancelled' });
  // Coming days.
  const comingNotOpened = await lessonOn(addDays(today, 1), at(addDays(today, 1), '10:00'), 90);
  const comingCancelled = await lessonOn(addDays(today, 2), at(addDays(today, 2), '10:00'), 90, { status: 'cancelled' });
  const comingLocked = await lessonOn(addDays(today, 3), at(addDays(today, 3), '10:00'), 120, { status: 'locked', lessonType: 'exam', description: 'Examen blanc' });

  // Closed sheets: the demo student takes each status, then is absent on four days of their own (one per
  // justification's answer, and one with none); one a day from yesterday back, afternoons and mornings.
  const plan: { status: LineStatus; justified?: Justified }[] = [
    ...statuses.filter((s) => s !== 'absent').map((status) => ({ status })),
    ...(['accepted', 'refused', 'submitted', 'none'] as const).map((justified) => ({ status: 'absent' as const, justified })),
  ];
  const closed: { lessonId: string; day: string; status: LineStatus; justified?: Justified }[] = [];
  for (let back = 1; closed.length < plan.length; back += 1) {
    const day = addDays(today, -back);
    const next = plan[closed.length]!;
    if (next.justified && justifiedDays.has(day)) continue;
    const slot = diary.take(day, at(day, closed.length % 2 ? '09:00' : '14:00'), 90);
    if (!slot) continue;
    closed.push({ lessonId: await insertLesson(slot), day, ...next });
  }

  // The sheets, taken as the demo teacher takes them; past the days a teacher may still change a sheet (where a
  // campus sets such a window), by a manager of the campus correcting it, as the product allows.
  const [teacher, manager] = [await as('teacher'), await as('pedagogy')];
  const paths = { teacher: `/api/my-courses/${schoolSubjectId}/seances`, manager: `/api/teacher/${ids.teacherId}/courses/${schoolSubjectId}/seances` };
  type Page = { lesson: { startAt: string; endAt: string }; sheet: { lines: { id: string; student: { id: string } }[] } };
  const call = async (who: 'teacher' | 'manager', path: string, body?: unknown) => {
    const answer = await (who === 'teacher' ? teacher : manager).post(`${paths[who]}/${path}`, body);
    return { status: answer.status, text: answer.text, page: answer.json as Page };
  };
  const must = async (who: 'teacher' | 'manager', path: string, body?: unknown) => {
    const answer = await call(who, path, body);
    if (answer.status !== 200) throw new Error(`walk states: POST ${path} as the ${who}: ${answer.status} ${answer.text.slice(0, 300)}`);
    return answer.page;
  };
  /** Opens the sheet, marks it (`statusOf` a line's index, the demo student's line first; null leaves it unmarked), signs the signing lines. */
  const take = async (lessonId: string, statusOf: (index: number) => LineStatus | null, close: boolean) => {
    let who: 'teacher' | 'manager' = 'teacher';
    let opened = await call(who, `${lessonId}/attendance`);
    if (opened.status === 422) {
      who = 'manager';
      opened = await call(who, `${lessonId}/attendance`);
    }
    if (opened.status !== 200) throw new Error(`walk states: opening the sheet of ${lessonId}: ${opened.status} ${opened.text.slice(0, 300)}`);
    const page = opened.page;
    const start = Date.parse(page.lesson.startAt);
    const end = Date.parse(page.lesson.endAt);
    const lines = [...page.sheet.lines].sort((a, b) => Number(b.student.id === ids.studentId) - Number(a.student.id === ids.studentId));
    const marks = lines.flatMap((line, index) => {
      const status = statusOf(index);
      if (!status) return [];
      return [{
        id: line.id, status,
        arrivedAt: status === 'late' ? new Date(start + (12 + index) * minute).toISOString() : null,
        leftAt: status === 'early-exit' ? new Date(end - 25 * minute).toISOString() : null,
        exitFrom: status === 'temporary-exit' ? new Date(start + 30 * minute).toISOString() : null,
        exitTo: status === 'temporary-exit' ? new Date(start + 45 * minute).toISOString() : null,
      }];
    });
    if (marks.length) await must(who, `${lessonId}/attendance/lines`, { lines: marks });
    for (const [index, mark] of marks.entries()) {
      // A manager correcting after the window collects no signature (it would prove nothing): today's sheets,
      // taken by the teacher, draw the signed lines.
      if (who === 'teacher' && signing.has(mark.status) && (close || index % 2 === 1)) await must(who, `${lessonId}/attendance/signatures/${mark.id}`, { strokes: strokes(index) });
    }
    if (close) await must(who, `${lessonId}/attendance/close`, { strokes: strokes(99) });
  };
  // Every status on each closed sheet: the demo student's of the plan, the others in turn from there.
  for (const [n, sheet] of closed.entries()) {
    await take(sheet.lessonId, (index) => (index === 0 ? sheet.status : statuses[(n + index) % statuses.length]!), true);
  }
  await take(todayClosed, (index) => statuses[(index + 3) % statuses.length]!, true);
  // Open sheets: the demo student's line unmarked (pending), the others partly marked.
  const openMarks: (LineStatus | null)[] = [null, 'present', null, 'late', 'absent', null, 'temporary-exit', 'early-exit', null, 'fraud'];
  const partly = (index: number) => openMarks[index % openMarks.length]!;
  await take(todayOpen, partly, false);
  await take(pastOpen, partly, false);

  // The demo student's absences: their justifications, decided by the campus staff or waiting.
  const absences = {} as Record<Justified, string>;
  const certificate = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  for (const sheet of closed.filter((s) => s.justified)) {
    const line = await knex('attendance_lines as l').join('attendance_sheets as sh', 'sh.id', 'l.sheet_id')
      .where({ 'sh.lesson_id': sheet.lessonId, 'l.student_id': ids.studentId }).first('l.id');
    absences[sheet.justified!] = line.id as string;
    if (sheet.justified === 'none') continue;
    const file = await app.core.deps.files.save({ filename: 'certificat-medical.pdf', contentType: 'application/pdf', size: certificate.length, bytes: certificate }, { module: 'attendance', actorId: ids.studentId });
    const decided = sheet.justified !== 'submitted';
    await knex('attendance_justifications').insert({
      student_id: ids.studentId, campus_id: ids.campusId, reason: sheet.justified === 'refused' ? 'transport' : 'illness', start_date: sheet.day, end_date: sheet.day,
      file_id: file.id, status: sheet.justified, decided_by: decided ? ids.staffId : null, decided_at: decided ? new Date(now) : null,
      decision_comment: sheet.justified === 'refused' ? 'Le justificatif ne couvre pas ce jour.' : null,
    });
  }
  // The lesson report of the first closed sheet.
  const pastClosed = closed[0]!.lessonId;
  await knex('courses_lesson_reports').insert({ lesson_id: pastClosed, done: 'Present perfect: exercices 1 à 4.', homework: 'Relire la leçon 3.', written_by: ids.teacherId });
  // The alerts the evening run raises from these absences (as of today).
  await app.core.services<{ alerts: { raise(day?: string): Promise<unknown> } }>('attendance').alerts.raise(today);

  return {
    teacherId: ids.teacherId, schoolSubjectId, planningGroupId, yesterday,
    lessons: { todayOpen, todayClosed, todayNotOpened, todayCancelled, pastNotOpened, pastCancelled, pastOpen, pastClosed, comingNotOpened, comingCancelled, comingLocked },
    absences,
  };
}
