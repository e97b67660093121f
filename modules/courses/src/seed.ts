import { todayIn, type Knex } from '@alterna/core';
import { now, nowMs } from '@alterna/core/clock';

const day = (offset: number) => todayIn('Europe/Paris', new Date(nowMs() + offset * 86_400_000));

/**
 * The demo's courses: for each teacher, subject and planning group of the term (planning's read views), a published
 * exercise, a draft and a published exam, and the reports of the last past lessons — so the teacher's and the
 * student's course pages are not empty. Set inserts.
 */
export async function seedCourses(knex: Knex): Promise<void> {
  const courses = await knex('planning_lessons as l')
    .join('planning_lesson_teachers as lt', 'lt.lesson_id', 'l.id')
    .join('planning_lesson_planning_groups as lg', 'lg.lesson_id', 'l.id')
    .whereNotNull('l.school_subject_id')
    .where('l.status', 'active')
    .distinct('lt.teacher_id', 'l.school_subject_id', 'l.campus_id', 'lg.planning_group_id')
    .orderBy(['lt.teacher_id', 'l.school_subject_id', 'lg.planning_group_id'])
    .limit(100);
  if (!courses.length) return;
  await knex.transaction(async (trx) => {
    const exercises = await trx('courses_exercises')
      .insert(courses.flatMap((c, i) => [
        { campus_id: c.campus_id, teacher_id: c.teacher_id, school_subject_id: c.school_subject_id, title: 'Exercices de révision', instructions: 'Faire les exercices 1 à 4 du chapitre en cours et préparer les questions.', due_date: day(3 + (i % 5)), published: true, created_by: c.teacher_id },
        { campus_id: c.campus_id, teacher_id: c.teacher_id, school_subject_id: c.school_subject_id, title: 'Étude de cas (brouillon)', instructions: 'À publier après la séance.', due_date: day(10 + (i % 5)), published: false, created_by: c.teacher_id },
      ]))
      .returning('id');
    await trx('courses_exercise_planning_groups').insert(exercises.map((row: { id: string }, i: number) => ({ exercise_id: row.id, planning_group_id: courses[Math.floor(i / 2)]!.planning_group_id })));
    // A coming exam, and two past ones the marks module's seed grades (a semester of marks).
    const examsPerCourse = 3;
    const exams = await trx('courses_exams')
      .insert(courses.flatMap((c, i) => [
        { title: 'Contrôle de connaissances', exam_date: day(14 + (i % 7)), coefficient: 2 },
        { title: 'Interrogation écrite', exam_date: day(-35 - (i % 5)), coefficient: 1 },
        { title: 'Évaluation de mi-semestre', exam_date: day(-14 - (i % 5)), coefficient: 2 },
      ].map((exam) => ({
        ...exam, campus_id: c.campus_id, teacher_id: c.teacher_id, school_subject_id: c.school_subject_id,
        start_time: '09:00', duration_minutes: 90, description: 'Sans documents.', published: true, created_by: c.teacher_id,
      }))))
      .returning('id');
    await trx('courses_exam_planning_groups').insert(exams.map((row: { id: string }, i: number) => ({ exam_id: row.id, planning_group_id: courses[Math.floor(i / examsPerCourse)]!.planning_group_id })));
    // The reports of the past week's lessons of those teachers.
    await trx.raw(
      `INSERT INTO courses_lesson_reports (lesson_id, done, homework, written_by)
       SELECT DISTINCT ON (l.id) l.id, 'Cours et exercices d''application sur le chapitre en cours.', 'Relire le cours.', lt.teacher_id
         FROM planning_lessons l JOIN planning_lesson_teachers lt ON lt.lesson_id = l.id
        WHERE l.status = 'active' AND l.end_at < ?::timestamptz AND l.start_at > ?::timestamptz - interval '7 days'
        ORDER BY l.id, lt.teacher_id`,
      [now(), now()],
    );
  });
}
