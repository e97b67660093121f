import { download, isUuid, validate, yup, type RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { AttendanceServices } from '../services/index.js';
import { maxExportLessons } from '../services/export.js';

type Route = RouteDefinition<AttendanceServices>;

/** SPEC §7 "Exports": the lessons whose sheets go in the zip. */
export const sheetDownloadSchema = yup.object({
  lessons: yup
    .array(yup.string().required('attendance.validation.required').test('uuid', 'attendance.validation.id', (value) => !value || isUuid(value)))
    .required('attendance.export.validation.lessonsRequired')
    .min(1, 'attendance.export.validation.lessonsRequired')
    .max(maxExportLessons, 'attendance.export.validation.tooManyLessons'),
});

/** The staff's list of sheets and SPEC §2's `/attendance/sheet/download`: a zip of one PDF per sheet (issue #11). */
export const exportRoutes: Route[] = [
  {
    name: 'attendance_sheets', method: 'get', permission: perm.sheetReadStaff, path: { en: '/attendance/sheets', fr: '/emargement/feuilles' },
    handler: (ctx) => ctx.services.sheetExports.list(ctx.actor, ctx.services.sheetExports.listQuery(ctx.query, ctx.t)),
  },
  {
    name: 'attendance_sheet_download', method: 'post', permission: perm.sheetReadStaff, body: sheetDownloadSchema,
    path: { en: '/attendance/sheet/download', fr: '/emargement/feuille/telecharger' },
    handler: async (ctx) => download(await ctx.services.sheetExports.download(ctx.actor, ctx.body.lessons, ctx.t, ctx.language)),
  },
  {
    // SPEC §2 lists GET too: the same zip for a link, `?lessons=a,b` (or repeated), checked by the same schema.
    name: 'attendance_sheet_download_link', method: 'get', permission: perm.sheetReadStaff,
    path: { en: '/attendance/sheet/download', fr: '/emargement/feuille/telecharger' },
    handler: async (ctx) => {
      const raw = ctx.query.lessons;
      const lessons = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((value) => value.split(',')).filter(Boolean);
      const body = await validate(sheetDownloadSchema, { lessons }, ctx.t);
      return download(await ctx.services.sheetExports.download(ctx.actor, body.lessons, ctx.t, ctx.language));
    },
  },
];
