import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { lessonNow } from '../../support/attendance/fixtures.js';
import { attachmentName, closedSheet, pdfText, postForZip, sessionCookie, unzip } from '../../support/attendance/export.js';
import { now } from '@alterna/core/clock';
import { formatDateTimeSeconds } from '@alterna/core/validation';

let app: TestApp;
let paris: Awaited<ReturnType<typeof closedSheet>>[];
let lyon: Awaited<ReturnType<typeof closedSheet>>;
let unopened: Awaited<ReturnType<typeof lessonNow>>;

beforeAll(async () => {
  app = await startTestApp();
  paris = [await closedSheet(app, 'paris', 3), await closedSheet(app, 'paris', 2)];
  lyon = await closedSheet(app, 'lyon', 1);
  unopened = await lessonNow(app, 'paris', 1);
});
afterAll(() => app.close());

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};
const parisDay = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(now());

describe('attendance sheets export (SPEC §7)', () => {
  it('zips one PDF per sheet, named Émargements_…, with the students, statuses in the request language, proofs and the chain check', async () => {
    const cookie = await sessionCookie(app.baseUrl, demo('pedagogy'));
    const lessons = [...paris.map((l) => l.lessonId), unopened.lessonId];
    const answer = await postForZip(app.baseUrl, cookie, '/api/attendance/sheet/download', { lessons }, 'en');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(attachmentName(answer.headers.get('content-disposition'))).toMatch(/^Émargements_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.zip$/);
    // RFC 6266: the name in UTF-8 (filename*) after an ASCII fallback, not the É as a raw Latin-1 byte.
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="Emargements_[\d_-]+\.zip"; filename\*=UTF-8''%C3%89margements_[\d_-]+\.zip$/);

    const entries = await unzip(answer.body);
    const pdfs = [...entries.keys()].filter((name) => name.endsWith('.pdf'));
    expect(pdfs).toHaveLength(2);
    for (const name of pdfs) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}_\d{2}h\d{2}_[A-Za-z0-9-]+_[A-Za-z0-9-]+(_\d+)?\.pdf$/);
    // The lesson without a sheet is not a PDF: the README says so.
    expect(entries.get('README.txt')!.toString()).toContain(unopened.lessonId);
    expect(entries.get('README.txt')!.toString()).toContain('1 lesson has no attendance sheet');

    const texts = pdfs.map((name) => {
      const pdf = entries.get(name)!;
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      return pdfText(pdf);
    });
    const knex = app.core.db.knex;
    for (const lesson of paris) {
      const text = texts.find((t) => t.includes(lesson.students[0]!.lastName.toUpperCase()))!;
      expect(text).toBeDefined();
      for (const student of lesson.students) expect(text).toContain(`${student.lastName.toUpperCase()} Camille`);
      expect(text).toContain('Attendance sheet');
      expect(text).toContain('Present');
      expect(text).toContain('Late');
      expect(text).toContain('Bus en retard');
      expect(text).toContain('drawn on a pad');
      expect(text).toContain('Tablet/2.0');
      expect(text).toContain('Signature chain checked: intact (2 signatures).');
      expect(text).toContain('Lines unchanged since closing');
      const signatures = await knex('attendance_signatures').where({ lesson_id: lesson.lessonId }).orderBy('seq');
      for (const signature of signatures) expect(text).toContain(signature.hash);
      expect(text).toContain(signatures[1].lines_digest);
      // The server's time of a signature, to the second, in Paris time and the reader's language (issue #25), not ISO.
      expect(text).toContain(formatDateTimeSeconds(signatures[0].signed_at, 'en'));
      expect(text).not.toContain(signatures[0].signed_at.toISOString());
    }
    // The three-student sheet's third student, unmarked, was made absent on closing.
    expect(texts.find((t) => t.includes(paris[0]!.students[2]!.lastName.toUpperCase()))).toMatch(/\nAbsent\n/);
    // The other lesson's students are not on this sheet.
    expect(texts[0]!.includes(paris[0]!.students[0]!.lastName.toUpperCase()) !== texts[1]!.includes(paris[0]!.students[0]!.lastName.toUpperCase())).toBe(true);
  });

  it('speaks French on the French path and shows a tampered sheet as such', async () => {
    const lesson = await closedSheet(app, 'paris', 2);
    const knex = app.core.db.knex;
    // A status changed in the database after closing, and a signature's address rewritten: the proof no longer holds.
    await knex('attendance_lines').where({ student_id: lesson.students[1]!.studentId }).update({ status: 'present' });
    await knex('attendance_signatures').where({ lesson_id: lesson.lessonId, seq: 1 }).update({ ip: '10.9.9.9' });
    const cookie = await sessionCookie(app.baseUrl, demo('isd'));
    const answer = await postForZip(app.baseUrl, cookie, '/api/emargement/feuille/telecharger', { lessons: [lesson.lessonId] }, 'fr');
    expect(answer.status).toBe(200);
    const entries = await unzip(answer.body);
    expect([...entries.keys()]).toEqual([expect.stringMatching(/\.pdf$/)]);
    const text = pdfText([...entries.values()][0]!);
    expect(text).toContain("Feuille d'émargement");
    expect(text).toContain('Présent');
    expect(text).toContain('signée sur tablette');
    expect(text).toContain('ROMPUE à la signature n° 1');
    expect(text).toContain('Lignes MODIFIÉES depuis la clôture');
  });

  it('refuses the whole request when one lesson is of a campus the actor does not read: no sheet of campus A for campus B staff', async () => {
    const lyonManager = await sessionCookie(app.baseUrl, demo('campus-manager'));
    const parisLesson = paris[0]!.lessonId;
    expect((await postForZip(app.baseUrl, lyonManager, '/api/attendance/sheet/download', { lessons: [parisLesson] })).status).toBe(404);
    const mixed = await postForZip(app.baseUrl, lyonManager, '/api/attendance/sheet/download', { lessons: [lyon.lessonId, parisLesson] });
    expect(mixed.status).toBe(404);
    expect(JSON.parse(mixed.body.toString()).errors[0].message).toBeTruthy();
    // Its own campus's sheet, alone, it gets.
    const own = await postForZip(app.baseUrl, lyonManager, '/api/attendance/sheet/download', { lessons: [lyon.lessonId] });
    expect(own.status).toBe(200);
    expect([...(await unzip(own.body)).keys()]).toHaveLength(1);
    // Paris staff, the other way round.
    const parisIsd = await sessionCookie(app.baseUrl, demo('isd'));
    expect((await postForZip(app.baseUrl, parisIsd, '/api/attendance/sheet/download', { lessons: [lyon.lessonId] })).status).toBe(404);
    // A lesson that does not exist is the same answer.
    expect((await postForZip(app.baseUrl, parisIsd, '/api/attendance/sheet/download', { lessons: [crypto.randomUUID()] })).status).toBe(404);
    // Teachers and students hold no staff read: refused before anything is read.
    const teacher = await sessionCookie(app.baseUrl, paris[0]!.teacherEmail);
    expect((await postForZip(app.baseUrl, teacher, '/api/attendance/sheet/download', { lessons: [parisLesson] })).status).toBe(403);
    const student = await sessionCookie(app.baseUrl, paris[0]!.students[0]!.email);
    expect((await postForZip(app.baseUrl, student, '/api/attendance/sheet/download', { lessons: [parisLesson] })).status).toBe(403);
    expect((await fetch(`${app.baseUrl}/api/attendance/sheet/download`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"lessons":[]}' })).status).toBe(401);
  });

  it('answers 422 to a bad body, in the request language', async () => {
    const cookie = await sessionCookie(app.baseUrl, demo('pedagogy'));
    const post = (body: unknown) => postForZip(app.baseUrl, cookie, '/api/attendance/sheet/download', body, 'en');
    const message = (answer: { body: Buffer }) => JSON.parse(answer.body.toString()).errors[0];
    const empty = await post({ lessons: [] });
    expect(empty.status).toBe(422);
    expect(message(empty)).toMatchObject({ path: 'lessons', message: 'Choose at least one lesson.' });
    const missing = await post({});
    expect(missing.status).toBe(422);
    expect(message(missing).path).toBe('lessons');
    const notIds = await post({ lessons: ['nope'] });
    expect(notIds.status).toBe(422);
    expect(message(notIds)).toMatchObject({ path: 'lessons[0]', message: 'This id is not valid.' });
    const tooMany = await post({ lessons: Array.from({ length: 1001 }, () => crypto.randomUUID()) });
    expect(tooMany.status).toBe(422);
    expect(message(tooMany).message).toBe('At most 1000 lessons per export.');
    for (const body of [{ lessons: 'x' }, { lessons: [1, 2] }, { lessons: [null] }, [paris[0]!.lessonId]]) expect((await post(body)).status).toBe(422);
  });

  it('lists the sheets of the actor’s campuses between two days, with their counts, and refuses bad dates', async () => {
    const pedagogy = await client(demo('pedagogy'), 'en');
    const today = parisDay();
    // From the day before: a lesson that started ten minutes ago may be of yesterday just after midnight.
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const list = await pedagogy.get(`/api/attendance/sheets?from=${yesterday}&to=${today}`);
    expect(list.status).toBe(200);
    expect(list.json.campuses.map((c: any) => c.name)).toEqual(expect.arrayContaining(['Paris', 'Lyon']));
    const row = list.json.sheets.find((s: any) => s.lessonId === paris[0]!.lessonId);
    expect(row).toMatchObject({
      state: 'closed', students: 3, signed: 1, absent: 1, teachers: [expect.any(String)], planningGroups: [expect.any(String)],
      schoolSubject: { id: paris[0]!.subjectId }, campus: { id: paris[0]!.campusId, name: 'Paris' },
    });
    expect(list.json.sheets.some((s: any) => s.lessonId === unopened.lessonId)).toBe(false);
    expect(list.json.sheets.some((s: any) => s.lessonId === lyon.lessonId)).toBe(true);
    // Default range (the last 30 days) and the campus filter; the French path.
    const onlyLyon = await pedagogy.get(`/api/emargement/feuilles?campus=${lyon.campusId}`);
    expect(onlyLyon.status).toBe(200);
    expect(onlyLyon.json.sheets.length).toBeGreaterThan(0);
    expect(onlyLyon.json.sheets.every((s: any) => s.campus.id === lyon.campusId)).toBe(true);
    // Another campus's staff sees none of Paris, even when it names Paris.
    const lyonManager = await client(demo('campus-manager'));
    const theirs = await lyonManager.get(`/api/attendance/sheets?from=${yesterday}&to=${today}`);
    expect(theirs.json.sheets.some((s: any) => s.campus.id === paris[0]!.campusId)).toBe(false);
    expect((await lyonManager.get(`/api/attendance/sheets?campus=${paris[0]!.campusId}`)).json.sheets).toEqual([]);

    for (const query of ['from=2026-02-30', 'to=yesterday', 'from=2026-05-02&to=2026-05-01', 'from=2024-01-01&to=2026-01-01', 'campus=paris', 'from=2026-01-01&from=2026-01-02']) {
      const bad = await pedagogy.get(`/api/attendance/sheets?${query}`);
      expect(bad.status, query).toBe(422);
      expect(bad.json.errors[0].message, query).toBeTruthy();
    }
    const teacher = await client(paris[0]!.teacherEmail);
    expect((await teacher.get('/api/attendance/sheets')).status).toBe(403);
  });

  it('answers the same zip to a GET link (SPEC §2 lists GET and POST), with the ids checked the same way', async () => {
    const cookie = await sessionCookie(app.baseUrl, demo('pedagogy'));
    const get = (query: string, path = '/api/attendance/sheet/download') => fetch(`${app.baseUrl}${path}${query}`, { headers: { cookie, 'accept-language': 'en' } });
    const answer = await get(`?lessons=${paris.map((l) => l.lessonId).join(',')}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    // Issue #24: a plain link saves under the zip's own name, not download.zip: RFC 6266's filename* in UTF-8 after an
    // ASCII fallback, on the English and the French path (the É was a raw Latin-1 byte).
    expect(attachmentName(answer.headers.get('content-disposition'))).toMatch(/^Émargements_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.zip$/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="Emargements_[\d_-]+\.zip"; filename\*=UTF-8''%C3%89margements_[\d_-]+\.zip$/);
    expect([...(await unzip(Buffer.from(await answer.arrayBuffer()))).keys()].filter((name) => name.endsWith('.pdf'))).toHaveLength(2);
    const french = await get(`?lessons=${paris[0]!.lessonId}`, '/api/emargement/feuille/telecharger');
    expect(french.status).toBe(200);
    expect(french.headers.get('content-disposition')).toMatch(/^attachment; filename="Emargements_[\d_-]+\.zip"; filename\*=UTF-8''%C3%89margements_[\d_-]+\.zip$/);
    // Every byte of the header is ASCII: nothing a client could read as Latin-1.
    expect([...Buffer.from(french.headers.get('content-disposition')!, 'latin1')].every((byte) => byte < 0x80)).toBe(true);
    expect([...(await unzip(Buffer.from(await french.arrayBuffer()))).keys()].filter((name) => name.endsWith('.pdf'))).toHaveLength(1);
    expect((await get('?lessons=not-an-id')).status).toBe(422);
    expect((await get('')).status).toBe(422);
  });
});
