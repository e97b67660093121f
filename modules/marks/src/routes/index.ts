import { ValidationError, download, type RouteDefinition, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { MarksServices } from '../services/index.js';
import { appraisalSchema, markSheetSchema, reportCardsExportSchema } from '../validation/index.js';
import { paths } from './paths.js';

type Route = RouteDefinition<MarksServices>;

/** `?semester=` of a report-card page: 1 to 4 (SPEC §9), else a 422 on `semester`. */
function semesterParam(value: unknown, t: Translate): number {
  if (typeof value !== 'string' || !/^[1-4]$/.test(value)) throw new ValidationError([{ path: 'semester', message: t('marks.validation.semester') as string }]);
  return Number(value);
}

/** Marks entry (teachers, managers), the student's marks and report cards, those of the apprentices a coach, tutor or
 * company contact follows, the staff's report cards of a group and their zip. */
export const routes: Route[] = [
  {
    name: 'marks_exams', method: 'get', permission: perm.examRead, path: paths.exams,
    handler: (ctx) => ctx.services.exams.list(ctx.actor),
  },
  {
    name: 'marks_exam', method: 'get', permission: perm.examRead, uuidParams: ['exam'], path: paths.exam,
    handler: (ctx) => ctx.services.exams.sheet(ctx.actor, ctx.params.exam!),
  },
  {
    name: 'marks_exam_save', method: 'post', permission: perm.examWrite, uuidParams: ['exam'], body: markSheetSchema, path: paths.exam,
    handler: (ctx) => ctx.services.exams.save(ctx.actor, ctx.params.exam!, ctx.body, ctx.t),
  },
  {
    name: 'my_marks', method: 'get', permission: perm.studentRead, path: paths.myMarks,
    handler: (ctx) => ctx.services.student.marks(ctx.actor),
  },
  {
    name: 'my_marks_export', method: 'get', permission: perm.studentRead, path: paths.myMarksExport,
    handler: async (ctx) => download(await ctx.services.student.export(ctx.actor, ctx.t)),
  },
  {
    name: 'my_report_cards', method: 'get', permission: perm.studentRead, path: paths.myReportCards,
    handler: (ctx) => ctx.services.student.reportCards(ctx.actor),
  },
  {
    name: 'marks_followed', method: 'get', permission: perm.followedRead, path: paths.followed,
    handler: (ctx) => ctx.services.followed.students(ctx.actor),
  },
  {
    name: 'marks_followed_student', method: 'get', permission: perm.followedRead, uuidParams: ['student'], path: paths.followedStudent,
    handler: (ctx) => ctx.services.followed.student(ctx.actor, ctx.params.student!),
  },
  {
    name: 'report_card_groups', method: 'get', permission: perm.reportCardRead, path: paths.groups,
    handler: (ctx) => ctx.services.reportCards.groups(ctx.actor),
  },
  {
    name: 'report_card_group', method: 'get', permission: perm.reportCardRead, uuidParams: ['group'], path: paths.group,
    handler: (ctx) => ctx.services.reportCards.forGroup(ctx.actor, ctx.params.group!, semesterParam(ctx.query.semester, ctx.t)),
  },
  {
    name: 'report_card_group_export', method: 'post', permission: perm.reportCardRead, uuidParams: ['group'], body: reportCardsExportSchema, path: paths.groupExport,
    handler: (ctx) => ctx.services.zipExport.start(ctx.actor, ctx.params.group!, ctx.body, ctx.language),
  },
  {
    name: 'report_card_export_download', method: 'get', permission: perm.reportCardRead, uuidParams: ['operation'], path: paths.exportDownload,
    handler: (ctx) => ctx.services.zipExport.download(ctx.actor, ctx.params.operation!),
  },
  {
    name: 'report_card_appraisal', method: 'post', permission: perm.appraise, body: appraisalSchema, path: paths.appraisals,
    handler: async (ctx) => ({ reportCard: await ctx.services.reportCards.appraise(ctx.actor, ctx.body, ctx.t) }),
  },
];
