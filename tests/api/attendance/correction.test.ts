import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@alterna/core/dates';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { markedLessonDaysAgo, scribble, withDemoPassword } from '../../support/attendance/fixtures.js';
import { makePerson, parisTime } from '../../support/planning/fixtures.js';

// Issue #24: after a sheet's window (7 days after its lesson by default), the managers of the lesson's campus still
// correct it from the staff page (the teacher path, SPEC §2), each change in the audit trail as theirs; another
// campus's managers do not reach it, read-only staff and the teacher change nothing.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const knex = () => app.core.db.knex;

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};

/** A manager of one campus only, who can log in. */
const managerOf = async (campusId: string) => {
  const id = await makePerson(app, [campusId], 'campus-manager');
  return { id, email: await withDemoPassword(app, id) };
};

/** A lesson nine days ago, its sheet left open by its teacher: the first student absent, the second present. */
async function lessonNineDaysAgo() {
  const { lesson, lineOf } = await markedLessonDaysAgo(app, 9);
  return { lesson, absent: lineOf(0) };
}

describe('a late correction of a sheet, by staff', () => {
  it('a manager of the lesson’s campus changes an absent student to late: saved, and in the audit trail as theirs with what changed', async () => {
    const { lesson, absent } = await lessonNineDaysAgo();
    const manager = await managerOf(lesson.campusId);
    const staff = await client(manager.email);
    // The staff list's row names what the sheet's page is reached under: the lesson's teacher and subject.
    const day = addDays(todayIn(), -9);
    const listed = await staff.get(`/api/attendance/sheets?campus=${lesson.campusId}&from=${day}&to=${day}`);
    expect(listed.json.sheets.find((s: { lessonId: string }) => s.lessonId === lesson.lessonId))
      .toMatchObject({ teacherId: lesson.teacherId, schoolSubject: { id: lesson.subjectId }, state: 'open' });
    const page = await staff.get(lesson.base);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ canTake: true, window: { canCorrect: true } });
    expect(Date.parse(page.json.window.closesAt)).toBeLessThan(Date.parse(parisTime(addDays(todayIn(), -1), '00:00')));

    const arrivedAt = parisTime(addDays(todayIn(), -9), '09:20');
    const saved = await staff.post(`${lesson.base}/lines`, { lines: [{ id: absent.id, status: 'late', arrivedAt }] });
    expect(saved.status).toBe(200);
    const line = saved.json.sheet.lines.find((l: { id: string }) => l.id === absent.id);
    expect(line).toMatchObject({ status: 'late', arrivedAt: new Date(arrivedAt).toISOString() });

    const [entry, ...others] = await knex()('audit_log').where({ table_name: 'attendance_lines', row_id: absent.id, action: 'update' }).orderBy('id');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ actor_id: manager.id, actor_name: expect.stringContaining('Test') });
    expect([entry.before.status, entry.after.status]).toEqual(['absent', 'late']);
    expect(entry.after.marked_by).toBe(manager.id);
    expect(Date.parse(entry.after.arrived_at)).toBe(Date.parse(arrivedAt));
  });

  it('is refused to a manager of another campus (404), to read-only staff (403) and to the teacher after the window (422); nothing changes', async () => {
    const { lesson, absent } = await lessonNineDaysAgo();
    const lyon = (await knex()('campuses').where({ name: 'Lyon' }).first('id')).id as string;
    const other = await client((await managerOf(lyon)).email);
    const change = { lines: [{ id: absent.id, status: 'present' }] };

    expect((await other.get(lesson.base)).status).toBe(404);
    expect((await other.post(`${lesson.base}/lines`, change)).status).toBe(404);
    expect((await other.post(`${lesson.base}/${absent.id}/attendance`, {})).status).toBe(404);

    const readOnly = await client(demo('read-only'));
    const read = await readOnly.get(lesson.base);
    expect(read.status).toBe(200);
    // What their page offers follows: nothing to change.
    expect(read.json).toMatchObject({ canTake: false, window: { canCorrect: false } });
    expect((await readOnly.post(`${lesson.base}/lines`, change)).status).toBe(403);

    const teacher = await client(lesson.teacherEmail, 'en');
    const refused = await teacher.post(`${lesson.mine}/lines`, change);
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toContain('only the campus\'s managers can still correct it');
    expect((await teacher.post(`${lesson.base}/lines`, change)).status).toBe(422);

    expect((await knex()('attendance_lines').where({ id: absent.id }).first('status')).status).toBe('absent');
    expect(await knex()('audit_log').where({ table_name: 'attendance_lines', row_id: absent.id, action: 'update' }).first()).toBeUndefined();
  });

  it('takes no student signature after the window, not even from a manager: a signature days later would prove nothing', async () => {
    const { lesson, absent } = await lessonNineDaysAgo();
    const staff = await client((await managerOf(lesson.campusId)).email, 'en');
    const refused = await staff.post(`${lesson.base}/signatures/${absent.id}`, { strokes: scribble() });
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].message).toMatch(/^The time to sign for this lesson ended on /);
    expect(await knex()('attendance_signatures').where({ line_id: absent.id }).first()).toBeUndefined();
  });
});
