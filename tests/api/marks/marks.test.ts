import ExcelJS from 'exceljs';
import { columnCells, expectDateCells } from '../../support/xlsx.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../../support/app.js';
import { downloadAs, gradedCourse, loggedIn } from '../../support/marks/fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const sheet = (elementId: string, semester: number, marks: { studentId: string; status: string; value?: number | null; appraisal?: string }[]) => ({ gradeScaleElementId: elementId, semester, marks });

describe('entering an exam\'s marks', () => {
  it('the exam\'s teacher enters the whole sheet in one request, blanks remove a mark, and reads it back', async () => {
    const course = await gradedCourse(app, 'paris', 3);
    const [a, b, c] = course.students;
    const url = `/api/marks/exams/${course.exams[0]}`;
    const before = await course.teacher.get(url);
    expect(before.status).toBe(200);
    expect(before.json.setting).toBeNull();
    expect(before.json.canWrite).toBe(true);
    expect(before.json.students.map((s: any) => s.id).sort()).toEqual([a!.studentId, b!.studentId, c!.studentId].sort());
    expect(before.json.elements.map((e: any) => e.id)).toEqual(expect.arrayContaining(course.elementIds));

    const saved = await course.teacher.post(url, sheet(course.elementIds[0], 2, [
      { studentId: a!.studentId, status: 'present', value: 14.5 },
      { studentId: b!.studentId, status: 'absent', value: null },
      { studentId: c!.studentId, status: 'excused' },
    ]));
    expect(saved.status).toBe(200);
    expect(saved.json.setting).toEqual({ gradeScaleElementId: course.elementIds[0], semester: 2 });
    const byId = (json: any) => Object.fromEntries(json.students.map((s: any) => [s.id, [s.status, s.value]]));
    expect(byId(saved.json)).toEqual({ [a!.studentId]: ['present', 14.5], [b!.studentId]: ['absent', null], [c!.studentId]: ['excused', null] });

    // French path, a blank line removes the mark, the others change.
    const again = await course.teacher.post(`/api/notes/examens/${course.exams[0]}`, sheet(course.elementIds[0], 2, [
      { studentId: a!.studentId, status: 'present', value: null },
      { studentId: b!.studentId, status: 'present', value: 9.25 },
    ]));
    expect(again.status).toBe(200);
    expect(byId(again.json)).toEqual({ [a!.studentId]: [null, null], [b!.studentId]: ['present', 9.25], [c!.studentId]: ['excused', null] });
    expect(Number((await app.core.db.knex('marks_exam_marks').where({ exam_id: course.exams[0] }).count({ n: '*' }).first())!.n)).toBe(2);

    const list = await course.teacher.get('/api/marks/exams');
    expect(list.json.exams).toEqual([expect.objectContaining({ id: course.exams[0], semester: 2, marks: 2 })]);

    // Appraisals travel with the sheet (on the exam's element and semester): text writes, blank removes, absent leaves.
    const appraised = await course.teacher.post(url, sheet(course.elementIds[0], 2, [
      { studentId: b!.studentId, status: 'present', value: 9.25, appraisal: 'Des progrès.' },
      { studentId: c!.studentId, status: 'excused', appraisal: 'Excusé, à rattraper.' },
    ]));
    expect(appraised.status).toBe(200);
    const texts = (json: any) => Object.fromEntries(json.students.map((s: any) => [s.id, s.appraisal]));
    expect(texts(appraised.json)).toEqual({ [a!.studentId]: null, [b!.studentId]: 'Des progrès.', [c!.studentId]: 'Excusé, à rattraper.' });
    const cleared = await course.teacher.post(url, sheet(course.elementIds[0], 2, [{ studentId: b!.studentId, status: 'present', value: 9.25, appraisal: ' ' }]));
    expect(texts(cleared.json)).toEqual({ [a!.studentId]: null, [b!.studentId]: null, [c!.studentId]: 'Excusé, à rattraper.' });
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    const cards = (await pedagogy.get(`/api/report-cards/training-groups/${course.trainingGroupId}?semester=2`)).json.cards;
    expect(cards.find((x: any) => x.student.id === c!.studentId).subjects.find((s: any) => s.elementId === course.elementIds[0]).appraisal).toBe('Excusé, à rattraper.');
  });

  it('refuses bad input with 422 on each path, in the user\'s language, never a 500', async () => {
    const course = await gradedCourse(app, 'paris', 2);
    const other = await gradedCourse(app, 'paris', 1);
    const [a, b] = course.students;
    const url = `/api/marks/exams/${course.exams[0]}`;
    const bad = await course.teacher.post(url, sheet(course.elementIds[0], 5, [
      { studentId: a!.studentId, status: 'present', value: 21 },
      { studentId: b!.studentId, status: 'absent', value: 12 },
    ]));
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual(expect.arrayContaining([
      { path: 'semester', message: 'Le semestre est 1, 2, 3 ou 4.' },
      { path: 'marks[0].value', message: 'Une note est un nombre de 0 à 20 avec au plus deux décimales.' },
      { path: 'marks[1].value', message: "Un apprenant absent ou excusé n'a pas de note." },
    ]));
    const english = await loggedIn(app, course.teacherEmail, 'en');
    const decimals = await english.post(url, sheet(course.elementIds[0], 2, [{ studentId: a!.studentId, status: 'present', value: 12.345 }]));
    expect(decimals.json.errors).toEqual([{ path: 'marks[0].value', message: 'A mark is a number from 0 to 20 with at most two decimals.' }]);
    const types = await english.post(url, { gradeScaleElementId: 'x', semester: '2', marks: [{ studentId: a!.studentId, status: 'late', value: '12' }] });
    expect(types.status).toBe(422);
    expect(types.json.errors.map((e: any) => e.path).sort()).toEqual(['gradeScaleElementId', 'marks[0].status', 'marks[0].value', 'semester']);

    // A student of another group, twice the same student, another training's element.
    const strangers = await english.post(url, sheet(other.elementIds[0], 2, [
      { studentId: other.students[0]!.studentId, status: 'present', value: 10 },
      { studentId: a!.studentId, status: 'present', value: 10 },
      { studentId: a!.studentId, status: 'present', value: 11 },
    ]));
    expect(strangers.status).toBe(422);
    const paths = strangers.json.errors.map((e: any) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['marks[0].studentId', 'marks[2].studentId']));
    // Both courses share a training (the campus's current group), so its element is this exam's too.
    if (other.trainingId !== course.trainingId) expect(paths).toContain('gradeScaleElementId');
    expect(await app.core.db.knex('marks_exam_marks').where({ exam_id: course.exams[0] })).toEqual([]);
  });
});

describe('who reads and writes marks', () => {
  it('only the exam\'s teacher or the campus managers write; another teacher, another campus and students do not', async () => {
    const course = await gradedCourse(app, 'paris', 1);
    const lyon = await gradedCourse(app, 'lyon', 1);
    const studentId = course.students[0]!.studentId;
    const url = `/api/marks/exams/${course.exams[0]}`;
    const body = sheet(course.elementIds[0], 3, [{ studentId, status: 'present', value: 12 }]);

    const otherTeacher = await loggedIn(app, lyon.teacherEmail);
    // A teacher of campus Lyon cannot read or write an exam of Paris (nor of another teacher).
    expect((await otherTeacher.get(url)).status).toBe(404);
    expect((await otherTeacher.post(url, body)).status).toBe(404);
    // ...and the Paris teacher cannot write Lyon's.
    expect((await course.teacher.post(`/api/marks/exams/${lyon.exams[0]}`, sheet(lyon.elementIds[0], 3, [{ studentId: lyon.students[0]!.studentId, status: 'present', value: 3 }]))).status).toBe(404);
    const lyonManager = await loggedIn(app, demo('campus-manager'));
    expect((await lyonManager.post(url, body)).status).toBe(404);
    expect((await lyonManager.post(`/api/marks/exams/${lyon.exams[0]}`, sheet(lyon.elementIds[0], 3, [{ studentId: lyon.students[0]!.studentId, status: 'present', value: 3 }]))).status).toBe(200);
    const readOnly = await loggedIn(app, demo('read-only'));
    expect((await readOnly.get(url)).status).toBe(200);
    expect((await readOnly.post(url, body)).status).toBe(403);
    const pedagogy = await loggedIn(app, demo('pedagogy'));
    expect((await pedagogy.post(url, body)).status).toBe(200);
    const student = await loggedIn(app, course.students[0]!.email);
    expect((await student.get(url)).status).toBe(403);
    expect((await student.post(url, body)).status).toBe(403);
    expect((await student.get(`/api/report-cards/training-groups/${course.trainingGroupId}?semester=3`)).status).toBe(403);
  });

  it('a student reads their own marks only', async () => {
    const course = await gradedCourse(app, 'paris', 2);
    const [a, b] = course.students;
    await course.teacher.post(`/api/marks/exams/${course.exams[0]}`, sheet(course.elementIds[1], 2, [
      { studentId: a!.studentId, status: 'present', value: 17 }, { studentId: b!.studentId, status: 'present', value: 6 },
    ]));
    const studentA = await loggedIn(app, a!.email);
    const mine = await studentA.get('/api/my-marks');
    expect(mine.status).toBe(200);
    expect(mine.json.marks).toEqual([expect.objectContaining({ examId: course.exams[0], value: 17, status: 'present', semester: 2 })]);
    expect(JSON.stringify(mine.json)).not.toContain(b!.studentId);
    const studentB = await loggedIn(app, b!.email);
    expect((await studentB.get('/api/mes-notes')).json.marks.map((m: any) => m.value)).toEqual([6]);
    // No route takes another student's id; the staff routes are refused.
    expect((await studentB.get(`/api/marks/exams/${course.exams[0]}`)).status).toBe(403);
    expect((await studentB.get('/api/report-cards/training-groups')).status).toBe(403);
    const cards = (await studentB.get('/api/my-report-cards')).json.reportCards;
    expect(cards.map((card: any) => card.student.id)).toEqual([b!.studentId]);
  });
});

describe('report cards', () => {
  it('averages per element by exam coefficients, the general average by element coefficients, ranks, appraisals', async () => {
    // Exams 1 and 2 on element 0 (coefficient 1), exam 3 on element 1 (coefficient 3).
    const course = await gradedCourse(app, 'paris', 3, [1, 3, 2]);
    const [a, b, c] = course.students;
    const [e0, e1] = course.elementIds;
    const post = (exam: number, element: string, marks: any[]) => course.teacher.post(`/api/marks/exams/${course.exams[exam]}`, sheet(element, 4, marks));
    expect((await post(0, e0, [{ studentId: a!.studentId, status: 'present', value: 12 }, { studentId: b!.studentId, status: 'present', value: 8 }, { studentId: c!.studentId, status: 'excused' }])).status).toBe(200);
    expect((await post(1, e0, [{ studentId: a!.studentId, status: 'present', value: 15 }, { studentId: b!.studentId, status: 'absent' }, { studentId: c!.studentId, status: 'present', value: 10 }])).status).toBe(200);
    expect((await post(2, e1, [{ studentId: a!.studentId, status: 'present', value: 10.33 }, { studentId: b!.studentId, status: 'present', value: 16 }])).status).toBe(200);

    const pedagogy = await loggedIn(app, demo('pedagogy'));
    const page = await pedagogy.get(`/api/report-cards/training-groups/${course.trainingGroupId}?semester=4`);
    expect(page.status).toBe(200);
    const card = (id: string) => page.json.cards.find((x: any) => x.student.id === id);
    const subject = (id: string, element: string) => card(id).subjects.find((s: any) => s.elementId === element);
    // a: e0 = (12×1 + 15×3) / 4 = 14.25; e1 = 10.33; general = (14.25×1 + 10.33×3) / 4 = 11.31
    expect(subject(a!.studentId, e0).average).toBe(14.25);
    expect(subject(a!.studentId, e1).average).toBe(10.33);
    expect(card(a!.studentId).general).toBe(11.31);
    // b: absent counts 0: e0 = (8×1 + 0×3) / 4 = 2; e1 = 16; general = (2 + 48) / 4 = 12.5
    expect(subject(b!.studentId, e0).average).toBe(2);
    expect(card(b!.studentId).general).toBe(12.5);
    // c: excused is left out: e0 = 10; no e1; general = 10
    expect(subject(c!.studentId, e0).average).toBe(10);
    expect(subject(c!.studentId, e1).average).toBeNull();
    expect(card(c!.studentId).general).toBe(10);
    expect([card(b!.studentId).rank, card(a!.studentId).rank, card(c!.studentId).rank]).toEqual([1, 2, 3]);
    expect(subject(a!.studentId, e1).coefficient).toBe(3);

    // Appraisals: the exam's teacher on the subject; the general one by a manager only.
    const appraisal = (extra: Record<string, unknown>) => ({ trainingGroupId: course.trainingGroupId, studentId: a!.studentId, semester: 4, ...extra });
    const bySubject = await course.teacher.post('/api/report-cards/appraisals', appraisal({ gradeScaleElementId: e1, text: 'Des progrès à l\'oral.' }));
    expect(bySubject.status).toBe(200);
    expect(bySubject.json.reportCard.subjects.find((s: any) => s.elementId === e1).appraisal).toBe('Des progrès à l\'oral.');
    expect((await course.teacher.post('/api/report-cards/appraisals', appraisal({ text: 'Bien.' }))).status).toBe(403);
    // An empty text removes the appraisal.
    const removed = await course.teacher.post('/api/report-cards/appraisals', appraisal({ gradeScaleElementId: e0, text: '  ' }));
    expect(removed.json.reportCard.subjects.find((s: any) => s.elementId === e0).appraisal).toBeNull();
    expect((await pedagogy.post('/api/bulletins/appreciations', appraisal({ text: 'Bon semestre.' }))).status).toBe(200);
    expect((await pedagogy.post('/api/report-cards/appraisals', appraisal({ studentId: course.teacherId, text: 'x' }))).status).toBe(422);

    const student = await loggedIn(app, a!.email);
    const mine = (await student.get('/api/my-report-cards')).json.reportCards.find((r: any) => r.semester === 4);
    expect(mine).toMatchObject({ general: 11.31, rank: 2, groupSize: page.json.cards.length, appraisal: 'Bon semestre.', trainingGroup: { id: course.trainingGroupId } });

    // The semester must be 1 to 4; a Lyon manager does not see a Paris group.
    expect((await pedagogy.get(`/api/report-cards/training-groups/${course.trainingGroupId}?semester=5`)).json.errors).toEqual([{ path: 'semester', message: 'Le semestre est 1, 2, 3 ou 4.' }]);
    expect((await (await loggedIn(app, demo('campus-manager'))).get(`/api/bulletins/groupes/${course.trainingGroupId}?semester=4`)).status).toBe(404);
    expect((await pedagogy.get('/api/report-cards/training-groups')).json.groups.map((g: any) => g.id)).toContain(course.trainingGroupId);
    // A teacher of the campus who set no exam of that element for this group does not appraise it.
    const stranger = await gradedCourse(app, 'paris', 1);
    expect((await stranger.teacher.post('/api/report-cards/appraisals', appraisal({ gradeScaleElementId: e1, text: 'Bien.' }))).status).toBe(403);
  });

  it('/my-marks/export streams an xlsx of the student\'s marks, headers in their language', async () => {
    const course = await gradedCourse(app, 'paris', 2, [2, 1]);
    const [a, b] = course.students;
    await course.teacher.post(`/api/marks/exams/${course.exams[0]}`, sheet(course.elementIds[0], 2, [{ studentId: a!.studentId, status: 'present', value: 13.75 }, { studentId: b!.studentId, status: 'present', value: 5 }]));
    await course.teacher.post(`/api/marks/exams/${course.exams[1]}`, sheet(course.elementIds[1], 2, [{ studentId: a!.studentId, status: 'absent' }]));
    for (const [path, language, header, absent] of [['/api/my-marks/export', 'en', 'Mark /20', 'Absent'], ['/api/mes-notes/export', 'fr', 'Note /20', 'Absent']] as const) {
      const file = await downloadAs(app, a!.email, path, language);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('spreadsheetml');
      expect(file.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.xlsx"/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows[0]).toContain(header);
      expect(rows).toHaveLength(3);
      expect(rows.slice(1).map((r) => [r[2], r[6], r[7]])).toEqual(expect.arrayContaining([['Examen 1', 13.75, language === 'en' ? 'Present' : 'Présent'], ['Examen 2', undefined, absent]]));
      expect(JSON.stringify(rows)).not.toContain('"5"');
      // The exam's day is a date cell (Excel sorts and filters it), shown as SPEC §9 writes dates.
      const sheet = workbook.worksheets[0]!;
      expect(expectDateCells(columnCells(sheet, String(rows[0]![0])), 'dd/mm/yyyy')).toBeNull();
      expect(columnCells(sheet, String(rows[0]![0])).map((c) => (c.value as Date).toISOString().slice(0, 10)).sort()).toEqual(['2027-01-10', '2027-01-11']);
    }
    expect((await downloadAs(app, demo('teacher'), '/api/my-marks/export')).status).toBe(403);
  });
});

describe('demo seed', () => {
  it('gives the demo student a semester of marks and a report card, and the demo teacher exams to grade', async () => {
    const student = await loggedIn(app, demo('student'));
    const marks = (await student.get('/api/my-marks')).json.marks;
    expect(marks.length).toBeGreaterThanOrEqual(2);
    expect(marks.every((m: any) => m.semester === 1)).toBe(true);
    const cards = (await student.get('/api/my-report-cards')).json.reportCards;
    expect(cards).toEqual([expect.objectContaining({ semester: 1, general: expect.any(Number), appraisal: 'Semestre sérieux, à poursuivre.' })]);
    const teacher = await loggedIn(app, demo('teacher'));
    expect((await teacher.get('/api/marks/exams')).json.exams.some((e: any) => e.semester === 1 && e.marks > 0)).toBe(true);
  });
});
