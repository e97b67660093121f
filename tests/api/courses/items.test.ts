import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { lessonNow } from '../../support/attendance/fixtures.js';

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

const exercise = (groupId: string, extra: Record<string, unknown> = {}) => ({
  title: 'Exercices chapitre 3', instructions: 'Faire les exercices 1 à 4.', planningGroupIds: [groupId], dueDate: '2027-02-01', ...extra,
});
const exam = (groupId: string, extra: Record<string, unknown> = {}) => ({
  title: 'Partiel', planningGroupIds: [groupId], date: '2027-03-10', time: '09:30', durationMinutes: 120, coefficient: 1.5, description: 'Sans documents.', ...extra,
});

describe('exercises and exams of a course', () => {
  it('a teacher creates, edits and publishes an exercise; only students of the group see it once published', async () => {
    const course = await lessonNow(app, 'paris', 2);
    const other = await lessonNow(app, 'paris', 1);
    const teacher = await client(course.teacherEmail);
    const base = `/api/my-courses/${course.subjectId}`;

    const created = await teacher.post(`${base}/exercices/new`, exercise(course.groupId, { lessonId: course.lessonId }));
    expect(created.status).toBe(200);
    const id = created.json.exercise.id as string;
    expect(created.json.exercise).toMatchObject({ title: 'Exercices chapitre 3', dueDate: '2027-02-01', published: false, lesson: { id: course.lessonId } });
    expect(created.json.exercise.planningGroups.map((g: { id: string }) => g.id)).toEqual([course.groupId]);

    const edited = await teacher.post(`/api/exercices/${id}/edit`, exercise(course.groupId, { title: 'Chapitre 3, corrigé', dueDate: '2027-02-03' }));
    expect(edited.status).toBe(200);
    expect(edited.json.exercise).toMatchObject({ title: 'Chapitre 3, corrigé', dueDate: '2027-02-03', lesson: null });
    expect((await teacher.get(`/api/exercices/${id}/edit`)).json.exercise.title).toBe('Chapitre 3, corrigé');

    const student = await client(course.students[0]!.email);
    const before = await student.get('/api/my-space/courses');
    expect(before.status).toBe(200);
    expect(before.json.courses.flatMap((c: any) => c.exercises)).toEqual([]);

    const published = await teacher.post(`/api/my-courses/exercices/${id}/toggle`);
    expect(published.json.exercise.published).toBe(true);
    const after = await student.get('/api/mon-espace/cours');
    const mine = after.json.courses.find((c: any) => c.id === course.subjectId);
    expect(mine.exercises).toMatchObject([{ id, title: 'Chapitre 3, corrigé', dueDate: '2027-02-03' }]);

    // Another group's student, another teacher, staff of another campus: nothing of it.
    const stranger = await client(other.students[0]!.email);
    expect((await stranger.get('/api/my-space/courses')).json.courses.flatMap((c: any) => c.exercises).map((e: any) => e.id)).not.toContain(id);
    const otherTeacher = await client(other.teacherEmail);
    expect((await otherTeacher.get(`/api/exercices/${id}/edit`)).status).toBe(404);
    expect((await otherTeacher.post(`/api/my-courses/exercices/${id}/toggle`)).status).toBe(404);
    expect((await otherTeacher.post(`/api/my-courses/exercices/${id}/delete`)).status).toBe(404);
    const lyon = await client(demo('campus-manager'));
    expect((await lyon.get(`/api/exercices/${id}/edit`)).status).toBe(404);
    // A student reaches no teacher route; read-only staff of the campus reads but never writes.
    expect((await student.get(`${base}/exercices`)).status).toBe(403);
    const readOnly = await client(demo('read-only'));
    expect((await readOnly.get(`/api/teachers/${course.teacherId}/course/${course.subjectId}/exercices`)).json.exercises.map((e: any) => e.id)).toEqual([id]);
    expect((await readOnly.post(`/api/my-courses/exercices/${id}/toggle`)).status).toBe(403);

    // Unpublished again, then deleted.
    await teacher.post(`/api/my-courses/exercices/${id}/toggle`);
    expect((await student.get('/api/my-space/courses')).json.courses.flatMap((c: any) => c.exercises)).toEqual([]);
    expect((await teacher.post(`/api/mes-cours/exercices/${id}/supprimer`)).status).toBe(204);
    expect((await teacher.get(`${base}/exercices`)).json.exercises).toEqual([]);
  });

  it('a teacher creates, edits and publishes an exam; the student sees its date once published; a manager may edit it', async () => {
    const course = await lessonNow(app, 'paris', 1);
    const teacher = await client(course.teacherEmail, 'en');
    const created = await teacher.post(`/api/my-courses/${course.subjectId}/exams`, exam(course.groupId));
    expect(created.status).toBe(200);
    const id = created.json.exam.id as string;
    expect(created.json.exam).toMatchObject({ date: '2027-03-10', time: '09:30', durationMinutes: 120, coefficient: 1.5, published: false });

    const pedagogy = await client(demo('pedagogy'));
    const staffView = await pedagogy.get(`/api/formateurs/${course.teacherId}/cours/${course.subjectId}/examens`);
    expect(staffView.json.exams.map((e: any) => e.id)).toEqual([id]);
    expect(staffView.json.course.canWrite).toBe(true);
    const edited = await pedagogy.post(`/api/my-courses/exams/${id}/edit`, exam(course.groupId, { coefficient: 2.25, time: '14:00' }));
    expect(edited.json.exam).toMatchObject({ coefficient: 2.25, time: '14:00' });

    const student = await client(course.students[0]!.email);
    expect((await student.get('/api/my-space/courses')).json.courses.flatMap((c: any) => c.exams)).toEqual([]);
    expect((await teacher.post(`/api/my-courses/exams/${id}/toggle`)).json.exam.published).toBe(true);
    const seen = (await student.get('/api/my-space/courses')).json.courses.find((c: any) => c.id === course.subjectId);
    expect(seen.exams).toMatchObject([{ id, date: '2027-03-10', time: '14:00', coefficient: 2.25 }]);

    const other = await lessonNow(app, 'paris', 0);
    const otherTeacher = await client(other.teacherEmail);
    expect((await otherTeacher.post(`/api/teachers/exam/${id}/delete`)).status).toBe(404);
    expect((await teacher.post(`/api/teachers/exam/${id}/delete`)).status).toBe(204);
    expect((await student.get('/api/my-space/courses')).json.courses.flatMap((c: any) => c.exams)).toEqual([]);
  });

  it('refuses bad bodies with 422 and messages in the caller’s language', async () => {
    const course = await lessonNow(app, 'paris', 0);
    const other = await lessonNow(app, 'paris', 0);
    const fr = await client(course.teacherEmail, 'fr');
    const en = await client(course.teacherEmail, 'en');
    const exercises = `/api/my-courses/${course.subjectId}/exercices/new`;

    const empty = await en.post(exercises, { title: ' ', planningGroupIds: [], dueDate: '2027-02-30', instructions: 'x'.repeat(10_001) });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual(expect.arrayContaining([
      { path: 'title', message: 'The title is required.' },
      { path: 'planningGroupIds', message: 'Choose at least one group.' },
      { path: 'dueDate', message: 'This date is not valid (YYYY-MM-DD).' },
      { path: 'instructions', message: 'This text must be at most 10000 characters long.' },
    ]));
    const frEmpty = await fr.post(exercises, { title: '', planningGroupIds: [course.groupId] });
    expect(frEmpty.json.errors).toEqual(expect.arrayContaining([
      { path: 'title', message: 'Le titre est obligatoire.' },
      { path: 'dueDate', message: 'La date de rendu est obligatoire.' },
    ]));
    // Another teacher's group, a lesson of another course.
    const foreignGroup = await fr.post(exercises, exercise(other.groupId));
    expect(foreignGroup.status).toBe(422);
    expect(foreignGroup.json.errors).toEqual([{ path: 'planningGroupIds', message: 'Choisissez parmi les groupes de ce cours.' }]);
    const foreignLesson = await en.post(exercises, exercise(course.groupId, { lessonId: other.lessonId }));
    expect(foreignLesson.json.errors).toEqual([{ path: 'lessonId', message: "This lesson is not one of this course's." }]);

    const exams = `/api/my-courses/${course.subjectId}/exams`;
    const badExam = await en.post(exams, exam(course.groupId, { coefficient: 0, durationMinutes: 1.5, time: '25:00' }));
    expect(badExam.status).toBe(422);
    expect(badExam.json.errors).toEqual(expect.arrayContaining([
      { path: 'coefficient', message: 'The coefficient must be greater than 0, with at most two decimals.' },
      { path: 'durationMinutes', message: 'The duration is a whole number of minutes, from 1 to 1440.' },
      { path: 'time', message: 'This time is not valid (HH:MM).' },
    ]));
    const decimals = await fr.post(exams, exam(course.groupId, { coefficient: 1.234 }));
    expect(decimals.json.errors).toEqual([{ path: 'coefficient', message: 'Le coefficient doit être supérieur à 0, avec au plus deux décimales.' }]);
    const wrongType = await fr.post(exams, exam(course.groupId, { coefficient: '2' }));
    expect(wrongType.status).toBe(422);
    expect(wrongType.json.errors[0].path).toBe('coefficient');
    expect(await app.core.db.knex('courses_exams').where({ teacher_id: course.teacherId }).first()).toBeUndefined();
    expect(await app.core.db.knex('courses_exercises').where({ teacher_id: course.teacherId }).first()).toBeUndefined();
  });
});
