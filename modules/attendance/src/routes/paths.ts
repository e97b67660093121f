/** API paths of the module, English and French (SPEC §2: the French path is a translation). */
const teacherSheet = { en: '/teacher/:teacher/courses/:schoolSubject/seances/:lesson/attendance', fr: '/formateur/:teacher/cours/:schoolSubject/seances/:lesson/emargement' };
const mySheet = { en: '/my-courses/:schoolSubject/seances/:lesson/attendance', fr: '/mes-cours/:schoolSubject/seances/:lesson/emargement' };

const under = (base: { en: string; fr: string }, en: string, fr: string) => ({ en: `${base.en}${en}`, fr: `${base.fr}${fr}` });

/** The sheet's actions, under a base: a teacher's page seen by staff (`/teacher/{teacher}/…`) or the teacher's own (`/my-courses/…`). */
export const sheetPaths = (base: { en: string; fr: string }) => ({
  sheet: base,
  lines: under(base, '/lines', '/lignes'),
  lineAction: under(base, '/:line/:action', '/:line/:action'),
  deviceSignature: under(base, '/signatures/:line', '/signatures/:line'),
  qr: under(base, '/qr', '/qr'),
  close: under(base, '/close', '/cloture'),
  proof: under(base, '/proof', '/preuve'),
  detail: under(base, '/:detail/:line', '/:detail/:line'),
});

export const paths = {
  teacher: sheetPaths(teacherSheet),
  mine: sheetPaths(mySheet),
  myLessons: { en: '/my-courses/lessons', fr: '/mes-cours/seances' },
  myUnclosed: { en: '/my-courses/unclosed-sheets', fr: '/mes-cours/feuilles-non-cloturees' },
  unclosed: { en: '/attendance/unclosed-sheets', fr: '/emargement/feuilles-non-cloturees' },
  contractHours: { en: '/attendance/teachers/:teacher/contract-hours', fr: '/emargement/formateurs/:teacher/heures-contrats' },
  checkIn: { en: '/attendance/check-in', fr: '/emargement/pointage' },
  myAttendance: { en: '/my-attendance', fr: '/mes-presences' },
  mySignature: { en: '/my-attendance/:lesson/signature', fr: '/mes-presences/:lesson/signature' },
} as const;
