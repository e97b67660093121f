import { ValidationError, download, idParam, todayIn, type RouteContext, type RouteDefinition, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { AttendanceServices } from '../services/index.js';
import { absenceFilters } from '../services/absence-filters.js';
import {
  alertSettingsSchema, decisionSchema, sheetSettingsSchema, justificationFile, justificationReasons, justificationSchema, justificationStatuses, type JustificationStatus,
} from '../validation/index.js';

type Route = RouteDefinition<AttendanceServices>;
type Ctx = RouteContext<any, AttendanceServices>;

const base = { en: '/absences-and-lateness', fr: '/absences-et-retards' };
const under = (en: string, fr: string) => ({ en: `${base.en}${en}`, fr: `${base.fr}${fr}` });

/** SPEC §2 Absences (the student's pages) and the staff's lists, chart and decisions. */
export const absencePaths = {
  staff: base,
  statistics: under('/statistics', '/statistiques'),
  justifications: under('/justifications', '/justificatifs'),
  justification: under('/justifications/:justification', '/justificatifs/:justification'),
  document: under('/justifications/:justification/document', '/justificatifs/:justification/document'),
  accept: under('/justifications/:justification/accept', '/justificatifs/:justification/accepter'),
  refuse: under('/justifications/:justification/refuse', '/justificatifs/:justification/refuser'),
  mine: under('/my-absences', '/mes-absences'),
  add: under('/my-absences/add-justificative', '/mes-absences/ajouter-justificatif'),
  show: under('/my-absences/:absence/show-justificative/:readOnly', '/mes-absences/:absence/voir-justificatif/:readOnly'),
  alerts: under('/alerts', '/alertes'),
  certificates: under('/certificates', '/certificats'),
  coached: under('/my-students', '/mes-apprenants'),
  alertSettings: under('/alerts/settings/:campus', '/alertes/reglages/:campus'),
  sheetSettings: under('/sheet-settings/:campus', '/reglages-feuilles/:campus'),
} as const;

/** SPEC §5: `readOnly` is 0 or 1; anything else is a 422, not a guess. */
function readOnlyParam(value: string | undefined, t: Translate): boolean {
  if (value !== '0' && value !== '1') throw new ValidationError([{ path: 'readOnly', message: t('attendance.validation.readOnly') as string }]);
  return value === '1';
}

function statusParam(value: unknown, t: Translate): JustificationStatus | null {
  if (value === undefined || value === '') return null;
  if (!justificationStatuses.includes(value as JustificationStatus)) {
    throw new ValidationError([{ path: 'status', message: t('attendance.validation.status') as string }]);
  }
  return value as JustificationStatus;
}

const upload = { ...justificationFile, required: true };
const absenceJustificationSchema = justificationSchema.pick(['reason', 'comment']);

/** The justification covering an absence, in full (its document, its decision), or null. */
async function showAbsence(ctx: Ctx) {
  const readOnly = readOnlyParam(ctx.params.readOnly, ctx.t);
  const absence = await ctx.services.absences.one(ctx.actor, ctx.params.absence!);
  const justification = absence.justification ? await ctx.services.justifications.one(ctx.actor, absence.justification.id) : null;
  return { absence, justification, readOnly, reasons: justificationReasons, file: justificationFile };
}

export const absenceRoutes: Route[] = [
  {
    name: 'my_absences', method: 'get', permission: perm.selfJustify, path: absencePaths.mine,
    handler: async (ctx) => ({
      absences: await ctx.services.absences.mine(ctx.actor),
      justifications: await ctx.services.justifications.mine(ctx.actor),
      statistics: await ctx.services.absences.statistics(ctx.actor, absenceFilters({}, ctx.t)),
    }),
  },
  {
    name: 'my_absences_add_justificative', method: 'get', permission: perm.selfJustify, path: absencePaths.add,
    handler: () => ({ reasons: justificationReasons, file: justificationFile }),
  },
  {
    name: 'my_absences_add_justificative_submit', method: 'post', permission: perm.selfJustify, path: absencePaths.add,
    body: justificationSchema, upload,
    handler: async (ctx) => ({ justification: await ctx.services.justifications.submit(ctx.actor, ctx.body, ctx.file, ctx.t) }),
  },
  {
    name: 'my_absences_show_justificative', method: 'get', permission: perm.selfJustify, uuidParams: ['absence'], path: absencePaths.show,
    handler: showAbsence,
  },
  {
    name: 'my_absences_show_justificative_submit', method: 'post', permission: perm.selfJustify, uuidParams: ['absence'], path: absencePaths.show,
    body: absenceJustificationSchema, upload,
    handler: async (ctx) => {
      if (readOnlyParam(ctx.params.readOnly, ctx.t)) throw new ValidationError([{ path: 'readOnly', message: ctx.t('attendance.justification.readOnly') as string }]);
      const absence = await ctx.services.absences.one(ctx.actor, ctx.params.absence!);
      const day = todayIn('Europe/Paris', new Date(absence.startAt));
      const input = { ...ctx.body, startDate: day, endDate: day };
      return { justification: await ctx.services.justifications.submit(ctx.actor, input, ctx.file, ctx.t) };
    },
  },
  {
    name: 'absences', method: 'get', permission: perm.absenceRead, path: absencePaths.staff,
    handler: (ctx) => ctx.services.absences.list(ctx.actor, absenceFilters(ctx.query, ctx.t)),
  },
  {
    name: 'absences_statistics', method: 'get', permission: 'authenticated', path: absencePaths.statistics,
    handler: (ctx) => ctx.services.absences.statistics(ctx.actor, absenceFilters(ctx.query, ctx.t)),
  },
  {
    name: 'absences_justifications', method: 'get', permission: perm.absenceRead, path: absencePaths.justifications,
    handler: async (ctx) => ({
      justifications: await ctx.services.justifications.list(ctx.actor, { campus: idParam(ctx.query.campus, 'campus', ctx.t), status: statusParam(ctx.query.status, ctx.t) }),
    }),
  },
  {
    name: 'absences_justification', method: 'get', permission: 'authenticated', uuidParams: ['justification'], path: absencePaths.justification,
    handler: async (ctx) => ({ justification: await ctx.services.justifications.one(ctx.actor, ctx.params.justification!) }),
  },
  {
    name: 'absences_justification_document', method: 'get', permission: 'authenticated', uuidParams: ['justification'], path: absencePaths.document,
    handler: (ctx) => ctx.services.justifications.document(ctx.actor, ctx.params.justification!),
  },
  ...(['accept', 'refuse'] as const).map((action): Route => ({
    name: `absences_justification_${action}`, method: 'post', permission: perm.justificationDecide, uuidParams: ['justification'], body: decisionSchema,
    path: absencePaths[action],
    handler: async (ctx) => ({
      justification: await ctx.services.justifications.decide(ctx.actor, ctx.params.justification!, action === 'accept' ? 'accepted' : 'refused', ctx.body.comment, ctx.t),
    }),
  })),
  {
    name: 'absences_alerts', method: 'get', permission: perm.absenceRead, path: absencePaths.alerts,
    handler: async (ctx) => ({ alerts: await ctx.services.alerts.list(ctx.actor, absenceFilters(ctx.query, ctx.t)) }),
  },
  {
    name: 'absences_alert_settings', method: 'get', permission: perm.absenceRead, uuidParams: ['campus'], path: absencePaths.alertSettings,
    handler: async (ctx) => ({ settings: await ctx.services.alerts.settings(ctx.actor, ctx.params.campus!) }),
  },
  {
    name: 'absences_alert_settings_save', method: 'post', permission: perm.alertManage, uuidParams: ['campus'], body: alertSettingsSchema,
    path: absencePaths.alertSettings,
    handler: async (ctx) => ({ settings: await ctx.services.alerts.saveSettings(ctx.actor, ctx.params.campus!, ctx.body) }),
  },
  {
    // Issue #24: how early a campus's sheets open and how many days after the lesson they still change.
    name: 'attendance_sheet_settings', method: 'get', permission: perm.sheetReadStaff, uuidParams: ['campus'], path: absencePaths.sheetSettings,
    handler: async (ctx) => ({ settings: await ctx.services.sheetWindow.settings(ctx.actor, ctx.params.campus!) }),
  },
  {
    name: 'attendance_sheet_settings_save', method: 'post', permission: perm.sheetSettings, uuidParams: ['campus'], body: sheetSettingsSchema,
    path: absencePaths.sheetSettings,
    handler: async (ctx) => ({ settings: await ctx.services.sheetWindow.saveSettings(ctx.actor, ctx.params.campus!, ctx.body) }),
  },
  {
    name: 'absences_certificates', method: 'get', permission: perm.absenceRead, path: absencePaths.certificates,
    handler: async (ctx) => download(await ctx.services.certificates.download(ctx.actor, absenceFilters(ctx.query, ctx.t), ctx.t, ctx.language)),
  },
  {
    name: 'absences_coached_students', method: 'get', permission: perm.followedRead, path: absencePaths.coached,
    handler: async (ctx) => ({ students: await ctx.services.coach.students(ctx.actor, absenceFilters(ctx.query, ctx.t)) }),
  },
];
