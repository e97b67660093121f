/**
 * API paths of the module, English and French (SPEC §2 "Courses" and "Teachers"; the French path is a translation).
 * The teacher's own course is under /my-courses/{schoolSubject}; staff (and the teacher) read any course of their
 * campuses under /teachers/{teacher}/course/{schoolSubject}. The student's space is /my-space/courses, so that
 * /my-courses stays the teacher's. The toggles live under /my-courses/exercices/{id}/toggle and
 * /my-courses/exams/{id}/toggle: SPEC's bare /{id}/toggle would name neither what nor whose.
 */
const mine = { en: '/my-courses/:schoolSubject', fr: '/mes-cours/:schoolSubject' };
const teachers = { en: '/teachers/:teacher/course/:schoolSubject', fr: '/formateurs/:teacher/cours/:schoolSubject' };
const under = (base: { en: string; fr: string }, en: string, fr: string) => ({ en: `${base.en}${en}`, fr: `${base.fr}${fr}` });

/** The pages of a course under a base (the teacher's own, or a teacher's seen by staff). */
export const coursePaths = (base: { en: string; fr: string }) => ({
  lessons: base,
  exercises: under(base, '/exercices', '/exercices'),
  exerciseNew: under(base, '/exercices/new', '/exercices/nouveau'),
  exams: under(base, '/exams', '/examens'),
  trombi: under(base, '/trombi', '/trombinoscope'),
});

export const paths = {
  mySubjects: { en: '/my-courses', fr: '/mes-cours' },
  mine: coursePaths(mine),
  teacherSubjects: { en: '/teachers/:teacher/course', fr: '/formateurs/:teacher/cours' },
  teacher: coursePaths(teachers),
  lessonReport: { en: '/my-courses/eventLessonSchedule/:id', fr: '/mes-cours/compte-rendu-seance/:id' },
  exerciseEdit: { en: '/exercices/:id/edit', fr: '/exercices/:id/modifier' },
  exerciseDelete: { en: '/my-courses/exercices/:eventHomeWork/delete', fr: '/mes-cours/exercices/:eventHomeWork/supprimer' },
  exerciseToggle: { en: '/my-courses/exercices/:id/toggle', fr: '/mes-cours/exercices/:id/publier' },
  examEdit: { en: '/my-courses/exams/:id/edit', fr: '/mes-cours/examens/:id/modifier' },
  examDelete: { en: '/teachers/exam/:id/delete', fr: '/formateurs/examen/:id/supprimer' },
  examToggle: { en: '/my-courses/exams/:id/toggle', fr: '/mes-cours/examens/:id/publier' },
  studentCourses: { en: '/my-space/courses', fr: '/mon-espace/cours' },
} as const;
