import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import type { AttendanceServices } from '@alterna/attendance';
import { lessonNow } from '../../support/attendance/fixtures.js';
import { now, nowMs } from '@alterna/core/clock';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};

describe('attendance sheets', () => {
  it('opens a sheet with one line per student of the lesson’s groups, once, and planning then refuses to cancel the lesson', async () => {
    const lesson = await lessonNow(app, 'paris', 3);
    const teacher = await client(lesson.teacherEmail);
    const before = await teacher.get(lesson.mine);
    expect(before.status).toBe(200);
    expect(before.json.sheet).toBeNull();
    // The sheet's header (issue #25) names the lesson's subject, planning groups and rooms (this lesson has none).
    const subject = await app.core.db.knex('school_subjects').where({ id: lesson.subjectId }).first('name');
    const group = await app.core.db.knex('planning_groups').where({ id: lesson.groupId }).first('name');
    expect(before.json.header).toEqual({ schoolSubject: subject?.name, groups: [group?.name], rooms: [] });

    const opened = await teacher.post(lesson.mine);
    expect(opened.status).toBe(200);
    expect(opened.json.sheet.lines).toHaveLength(3);
    expect(opened.json.sheet.lines.map((l: any) => l.student.id).sort()).toEqual(lesson.students.map((s) => s.studentId).sort());
    expect(opened.json.sheet.lines.every((l: any) => l.status === null && l.signature === null)).toBe(true);
    const again = await teacher.post(lesson.mine);
    expect(again.json.sheet.id).toBe(opened.json.sheet.id);
    expect(Number((await app.core.db.knex('attendance_lines').where({ sheet_id: opened.json.sheet.id }).count('* as n').first())?.n)).toBe(3);

    const pedagogy = await client(demo('pedagogy'));
    const cancel = await pedagogy.graphql(
      'mutation($input: UpdateEventLessonScheduleInput!) { UpdateEventLessonSchedule(input: $input) { eventLessonSchedule { lessonStatus } } }',
      { input: { id: lesson.lessonId, lessonCancellationType: 'disease' } },
    );
    expect(cancel.json.errors?.[0]?.message).toBeTruthy();
    expect(await app.core.db.knex('lessons').where({ id: lesson.lessonId }).first('status')).toEqual({ status: 'active' });
    const read = await pedagogy.graphql('query($ids: [ID!]!) { EventLessonSchedulesById(idList: $ids) { attendanceStarted } }', { ids: [lesson.lessonId] });
    expect(read.json.data.EventLessonSchedulesById[0].attendanceStarted).toBe(true);
  });

  it('needs a teacher assigned to the session (SPEC §4), in the user’s language', async () => {
    const lesson = await lessonNow(app, 'paris', 1, { withTeacher: false });
    const pedagogy = await client(demo('pedagogy'), 'en');
    // Nobody teaches it: it is nobody's "my course", and no teacher's page.
    expect((await pedagogy.post(lesson.mine)).status).toBe(404);
    expect((await pedagogy.post(lesson.base)).status).toBe(404);
    // The service's own rule, for a manager of the campus.
    const manager = await app.core.db.knex('actors').where({ email: demo('pedagogy') }).first('id', 'first_name', 'last_name', 'email');
    const actor = {
      id: manager.id, firstName: manager.first_name, lastName: manager.last_name, email: manager.email, language: 'en' as const,
      rules: [{ campusId: lesson.campusId, campusName: 'Paris', typology: 'pedagogy' as const }],
    };
    const refused = await app.core.services<AttendanceServices>('attendance').sheets.open(actor, lesson.lessonId, app.core.deps.translator('en')).catch((e) => e);
    expect(refused.violations).toEqual([{ path: '', message: 'An attendance sheet requires a teacher assigned to the session.' }]);
    const inFrench = await app.core.services<AttendanceServices>('attendance').sheets.open(actor, lesson.lessonId, app.core.deps.translator('fr')).catch((e) => e);
    expect(inFrench.violations[0].message).toBe("Une feuille d'émargement nécessite un formateur affecté à la séance.");
    expect(await app.core.db.knex('attendance_sheets').where({ lesson_id: lesson.lessonId }).first()).toBeUndefined();
  });

  it('saves the whole sheet in one request, checks each status’s times, and refuses lines of another sheet', async () => {
    const lesson = await lessonNow(app, 'paris', 3);
    const teacher = await client(lesson.teacherEmail, 'en');
    const { json } = await teacher.post(lesson.mine);
    const [a, b, c] = json.sheet.lines as { id: string }[];
    const late = new Date(nowMs() - 5 * 60_000).toISOString();

    const missingTime = await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: a!.id, status: 'late' }] });
    expect(missingTime.status).toBe(422);
    expect(missingTime.json.errors).toEqual([{ path: 'lines[0].arrivedAt', message: 'Give the time the late student arrived.' }]);
    const wrongStatus = await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: a!.id, status: 'sleeping' }] });
    expect(wrongStatus.status).toBe(422);
    const other = await lessonNow(app, 'paris', 1);
    const otherTeacher = await client(other.teacherEmail);
    const otherSheet = await otherTeacher.post(other.mine);
    const foreign = await teacher.post(`${lesson.mine}/lines`, { lines: [{ id: otherSheet.json.sheet.lines[0].id, status: 'absent' }] });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors[0].path).toBe('lines[0].id');

    const statements: string[] = [];
    const listen = (q: { sql: string }) => statements.push(q.sql);
    app.core.db.knex.on('query', listen);
    const saved = await teacher.post(`${lesson.mine}/lines`, {
      lines: [{ id: a!.id, status: 'present' }, { id: b!.id, status: 'late', arrivedAt: late }, { id: c!.id, status: 'absent' }],
    });
    app.core.db.knex.off('query', listen);
    expect(saved.status).toBe(200);
    expect(statements.filter((sql) => /update "?attendance_lines"?/i.test(sql))).toHaveLength(1);
    const byId = Object.fromEntries(saved.json.sheet.lines.map((l: any) => [l.id, l]));
    expect(byId[a!.id].status).toBe('present');
    expect(byId[b!.id]).toMatchObject({ status: 'late', arrivedAt: late });
    expect(byId[c!.id].status).toBe('absent');

    // One tap: SPEC §2's per-line actions.
    const exit = await teacher.post(`${lesson.mine}/${a!.id}/temporary-exit`, { exitFrom: late, exitTo: now().toISOString() });
    expect(exit.status).toBe(200);
    expect(exit.json.sheet.lines.find((l: any) => l.id === a!.id).status).toBe('temporary-exit');
    const unknown = await teacher.post(`${lesson.mine}/${a!.id}/nap`, {});
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors[0].message).toContain('retard');
  });

  it('lets nobody but the lesson’s teachers and the campus staff in', async () => {
    const lesson = await lessonNow(app, 'paris', 1);
    const stranger = await lessonNow(app, 'paris', 0);
    const otherTeacher = await client(stranger.teacherEmail);
    expect((await otherTeacher.post(lesson.base)).status).toBe(403);
    expect((await otherTeacher.post(lesson.mine)).status).toBe(404);
    const lyon = await client(demo('campus-manager'));
    const lyonCampus = await app.core.db.knex('actor_access_rules as r').join('actors as a', 'a.id', 'r.actor_id').where('a.email', demo('campus-manager')).pluck('r.campus_id');
    if (!lyonCampus.includes(lesson.campusId)) expect((await lyon.get(lesson.base)).status).toBe(404);
    const readOnly = await client(demo('read-only'));
    expect((await readOnly.post(lesson.base)).status).toBe(403);
    const student = await client(lesson.students[0]!.email);
    expect((await student.get(lesson.base)).status).toBe(403);
    const pedagogy = await client(demo('pedagogy'));
    expect((await pedagogy.post(lesson.base)).status).toBe(200);
    // A wrong subject or teacher in the path is not this lesson's page.
    expect((await pedagogy.get(lesson.base.replace(lesson.subjectId, lesson.groupId))).status).toBe(404);
    expect((await pedagogy.get(`/api/teacher/not-a-uuid/courses/${lesson.subjectId}/seances/${lesson.lessonId}/attendance`)).status).toBe(422);
  });

  it('lists a teacher’s lessons of a day with where their attendance stands', async () => {
    const lesson = await lessonNow(app, 'paris', 2);
    const teacher = await client(lesson.teacherEmail, 'en');
    const row = await app.core.db.knex('lessons').where({ id: lesson.lessonId }).first(app.core.db.knex.raw("to_char(start_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS day"));
    const day = await teacher.get(`/api/my-courses/lessons?date=${row.day}`);
    expect(day.status).toBe(200);
    expect(day.json.lessons).toEqual([expect.objectContaining({ id: lesson.lessonId, sheet: 'none', students: 2, schoolSubject: expect.objectContaining({ id: lesson.subjectId }) })]);
    await teacher.post(lesson.mine);
    expect((await teacher.get(`/api/my-courses/lessons?date=${row.day}`)).json.lessons[0].sheet).toBe('open');
    const bad = await teacher.get('/api/my-courses/lessons?date=2026-02-31');
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ path: 'date', message: 'This date is not valid (YYYY-MM-DD).' }]);
    const student = await client(lesson.students[0]!.email);
    expect((await student.get('/api/my-courses/lessons')).status).toBe(403);
  });
});
