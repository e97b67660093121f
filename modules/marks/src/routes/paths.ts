/** API paths of the module, English and French (SPEC §2: the French path is a translation; `/my-marks/export` is SPEC's). */
export const paths = {
  exams: { en: '/marks/exams', fr: '/notes/examens' },
  exam: { en: '/marks/exams/:exam', fr: '/notes/examens/:exam' },
  myMarks: { en: '/my-marks', fr: '/mes-notes' },
  myMarksExport: { en: '/my-marks/export', fr: '/mes-notes/export' },
  myReportCards: { en: '/my-report-cards', fr: '/mes-bulletins' },
  followed: { en: '/marks/followed', fr: '/notes/apprentis-suivis' },
  followedStudent: { en: '/marks/followed/:student', fr: '/notes/apprentis-suivis/:student' },
  groups: { en: '/report-cards/training-groups', fr: '/bulletins/groupes' },
  group: { en: '/report-cards/training-groups/:group', fr: '/bulletins/groupes/:group' },
  groupExport: { en: '/report-cards/training-groups/:group/export', fr: '/bulletins/groupes/:group/export' },
  exportDownload: { en: '/report-cards/exports/:operation/download', fr: '/bulletins/exports/:operation/telecharger' },
  appraisals: { en: '/report-cards/appraisals', fr: '/bulletins/appreciations' },
} as const;
