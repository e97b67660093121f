import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demoClients, startTestApp, type TestApp } from '../../support/app.js';
import { lessonNow } from '../../support/attendance/fixtures.js';
import { makePerson } from '../../support/planning/fixtures.js';
import { UPDATE_LESSON, firstError, lessonOf } from '../../support/planning/lessons.js';

// Issue #24: once a lesson's attendance sheet is open, its trainers could all be removed (UpdateEventLessonSchedule
// {teachers: []} answered 200) and the sheet was nobody's. SPEC §4: "An attendance sheet requires a teacher assigned
// to the session", and a lesson whose attendance started keeps what the sheet stands on.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const as = demoClients(() => app.baseUrl);
const update = (client: ApiClient, input: Record<string, unknown>) => client.graphql(UPDATE_LESSON, { input });
const teachersOf = (lessonId: string) => app.core.db.knex('lesson_teachers').where({ lesson_id: lessonId }).pluck('teacher_id');

describe('a lesson whose attendance started', () => {
  it('keeps a trainer: emptying its trainers is refused with the attendance wording, in French and English', async () => {
    const lesson = await lessonNow(app, 'paris', 2, { sameDay: true });
    const teacher = new ApiClient(app.baseUrl);
    await teacher.login(lesson.teacherEmail);
    expect((await teacher.post(lesson.mine)).status).toBe(200);

    const refused = await update(await as('isd'), { id: lesson.lessonId, teachers: [] });
    expect(firstError(refused).violations).toEqual([{ path: 'teachers', message: "L'émargement de ce cours a commencé : il ne peut plus rester sans formateur." }]);
    const english = await update(await as('isd', 'en'), { id: lesson.lessonId, teachers: [] });
    expect(firstError(english).violations).toEqual([{ path: 'teachers', message: 'Attendance has started on this lesson: it can no longer be left without a trainer.' }]);
    expect(await teachersOf(lesson.lessonId)).toEqual([lesson.teacherId]);
    // The sheet stays its teacher's.
    expect((await teacher.get(lesson.mine)).json.sheet.lines).toHaveLength(2);

    // A substitute may still take the lesson over: the sheet then is theirs.
    const substitute = await makePerson(app, [lesson.campusId]);
    const replaced = lessonOf(await update(await as('isd'), { id: lesson.lessonId, teachers: [substitute] }), 'UpdateEventLessonSchedule');
    expect(replaced.teachers.map((t: { uuid: string }) => t.uuid)).toEqual([substitute]);
  });

  it('a lesson without a sheet may still lose its trainers', async () => {
    const lesson = await lessonNow(app, 'paris', 1, { sameDay: true });
    const emptied = lessonOf(await update(await as('isd'), { id: lesson.lessonId, teachers: [] }), 'UpdateEventLessonSchedule');
    expect(emptied.teachers).toEqual([]);
    expect(await teachersOf(lesson.lessonId)).toEqual([]);
  });
});
