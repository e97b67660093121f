import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { loggedIn } from '../../support/attendance/absences.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('the demo centre’s attendance', () => {
  it('has weeks of closed, signed sheets whose proofs hold, absences, justifications and alerts to show', async () => {
    const knex = app.core.db.knex;
    const sheets = await knex('attendance_sheets as sh').join('lessons as l', 'l.id', 'sh.lesson_id').join('campuses as c', 'c.id', 'l.campus_id')
      .where('c.name', 'Paris').whereNotNull('sh.closed_at')
      .select('l.id', 'l.school_subject_id', knex.raw('(SELECT teacher_id FROM lesson_teachers lt WHERE lt.lesson_id = l.id LIMIT 1) AS teacher_id'), 'l.start_at')
      .orderBy('l.start_at');
    expect(sheets.length).toBeGreaterThan(20);
    const days = new Set(sheets.map((s) => new Date(s.start_at).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(5);

    const pedagogy = await loggedIn(app, demo('pedagogy'));
    for (const sheet of [sheets[0]!, sheets[sheets.length - 1]!]) {
      const proof = await pedagogy.get(`/api/teacher/${sheet.teacher_id}/courses/${sheet.school_subject_id}/seances/${sheet.id}/attendance/proof`);
      expect(proof.json).toMatchObject({ valid: true, brokenAt: null, linesUnchanged: true });
    }
    const statistics = await pedagogy.get('/api/absences-and-lateness/statistics');
    const count = (status: string) => statistics.json.counts.find((c: any) => c.status === status).count as number;
    expect(count('present')).toBeGreaterThan(count('absent'));
    expect(count('absent')).toBeGreaterThan(0);
    expect(count('late')).toBeGreaterThan(0);
    expect((await pedagogy.get('/api/absences-and-lateness/justifications')).json.justifications.length).toBeGreaterThan(0);
    expect(await knex('attendance_alerts').whereNull('mailed_at').count('* as n').first()).toMatchObject({ n: 0 });
  });

  it('gives the demo student published exercises and exams on their courses page', async () => {
    const student = await loggedIn(app, demo('student'));
    const page = await student.get('/api/my-space/courses');
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.json)).toContain('Contrôle de connaissances');
    expect(JSON.stringify(page.json)).not.toContain('brouillon');
  });
});
