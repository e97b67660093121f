import type { TestApp } from '../app.js';
import { ApiClient } from '../app.js';
import { lessonNow } from '../attendance/fixtures.js';

export const loggedIn = async (app: TestApp, email: string, language = 'fr') => {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(email);
  return client;
};

/** Logs in and downloads a file as bytes. */
export async function downloadAs(app: TestApp, email: string, path: string, language = 'fr') {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'alterna-demo' }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const response = await fetch(`${app.baseUrl}${path}`, { headers: { cookie, 'accept-language': language } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * A course of its own (lessonNow: a new teacher, a planning group of new students in a current training group) whose
 * training gets a fresh grade scale of two elements (coefficients 1 and 3), and exams the teacher created through the
 * courses API (exam coefficients given). Tests use semesters 2 to 4: the demo seed marks semester 1.
 */
export async function gradedCourse(app: TestApp, campus: 'paris' | 'lyon' = 'paris', students = 3, examCoefficients: number[] = [1]) {
  const knex = app.core.db.knex;
  const course = await lessonNow(app, campus, students);
  const { training_group_id: trainingGroupId } = await knex('planning_groups').where({ id: course.groupId }).first('training_group_id');
  const { training_id: trainingId } = await knex('training_groups').where({ id: trainingGroupId }).first('training_id');
  const elements = await knex('grade_scale_elements')
    .insert([
      { training_id: trainingId, name: `Écrit ${course.groupId.slice(0, 4)}`, coefficient: 1, position: 90 },
      { training_id: trainingId, name: `Oral ${course.groupId.slice(0, 4)}`, coefficient: 3, position: 91 },
    ])
    .returning('id');
  const teacher = await loggedIn(app, course.teacherEmail);
  const exams: string[] = [];
  for (const [i, coefficient] of examCoefficients.entries()) {
    const created = await teacher.post(`/api/my-courses/${course.subjectId}/exams`, {
      title: `Examen ${i + 1}`, planningGroupIds: [course.groupId], date: '2027-01-1' + i, time: '09:00', durationMinutes: 60, coefficient, description: '',
    });
    if (created.status !== 200) throw new Error(`exam not created: ${created.text}`);
    exams.push(created.json.exam.id);
  }
  return { ...course, trainingGroupId, trainingId, elementIds: elements.map((e: { id: string }) => e.id) as [string, string], exams, teacher };
}
