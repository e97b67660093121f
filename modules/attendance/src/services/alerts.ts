import {
  NotFoundError, defaultLanguage, fn, isLanguage, pageByCreation, todayIn, type Actor, type Language, type PermissionMatrix, type Translate,
} from '@alterna/core';
import { AttendanceAlertModel, AttendanceAlertSettingsModel } from '../models/index.js';
import { perm } from '../permissions.js';
import { alertMail } from './mail-texts.js';
import { defaultAlertSettings, type AlertKind, type AlertSettings } from '../validation/index.js';
import type { AbsenceFilters } from './absence-filters.js';
import { alertRecipients, recordCrossings } from './alert-crossings.js';
import type { AttendanceContext } from './context.js';
import type { AlertCursor } from '../workflow-contract.js';

/** An alert as the staff list shows it. */
export interface AttendanceAlert {
  id: string;
  kind: AlertKind;
  student: { id: string; firstName: string; lastName: string };
  campusId: string;
  day: string;
  count: number;
  threshold: number;
  recipients: string[] | null;
  mailedAt: string | null;
}

export interface AlertsService {
  /** The daily run's first step: records the crossings up to `day` (today in Paris by default); how many were new. */
  record(day?: string): Promise<{ raised: number }>;
  /**
   * The daily run's next steps, a page each: mails the first `limit` alerts not mailed yet after `after` (in the order
   * they were raised; null: from the first, which takes those an earlier run left too); the next page's cursor, or null.
   */
  mailPage(after: AlertCursor | null, limit: number): Promise<{ mailed: number; next: AlertCursor | null }>;
  /** Before the paging (the runs started before it): records the crossings; all that is left to mail (5,000 at most). */
  raise(day?: string): Promise<{ raised: number; pending: string[] }>;
  /** Mails the alerts not mailed yet among `ids`, each to its recipients in their language; how many were mailed. */
  send(ids: string[]): Promise<number>;
  /** Staff: the alerts of their campuses (not the students' requests to justify), newest first. */
  list(actor: Actor | null, filters: Pick<AbsenceFilters, 'campus' | 'from' | 'to'>): Promise<AttendanceAlert[]>;
  settings(actor: Actor | null, campusId: string): Promise<AlertSettings>;
  saveSettings(actor: Actor | null, campusId: string, values: AlertSettings): Promise<AlertSettings>;
}

const day = (value: Date | string) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export function alertsService(ctx: AttendanceContext): AlertsService {
  const { knex, core } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /** The alert's e-mail in one language. */
  const write = (t: Translate, alert: Record<string, any>) => alertMail(t, alert as Parameters<typeof alertMail>[1]);

  const service: AlertsService = {
    async record(on) {
      return { raised: await recordCrossings(knex, on ?? todayIn()) };
    },

    async mailPage(after, limit) {
      const { ids, next } = await pageByCreation(knex, knex('attendance_alerts').whereNull('mailed_at'), after, limit);
      return { mailed: await service.send(ids), next };
    },

    async raise(on) {
      const raised = await recordCrossings(knex, on ?? todayIn());
      // Left over by an earlier run that stopped half-way, too.
      const pending = await knex('attendance_alerts').whereNull('mailed_at').orderBy('created_at').limit(5000).pluck('id');
      return { raised, pending };
    },

    async send(ids) {
      if (!ids.length) return 0;
      const alerts = await knex('attendance_alerts as a')
        .join('identity_actors as st', 'st.id', 'a.student_id')
        .leftJoin('attendance_alert_settings as s', 's.campus_id', 'a.campus_id')
        .whereIn('a.id', ids)
        .whereNull('a.mailed_at')
        .select('a.*', 'st.first_name', 'st.last_name', knex.raw('coalesce(s.window_days, ?) AS window_days', [defaultAlertSettings.windowDays]));
      const recipients = await alertRecipients(knex, alerts.map((a) => a.id));
      let mailed = 0;
      for (const alert of alerts) {
        const to = recipients.get(alert.id) ?? [];
        const byLanguage = new Map<Language, string[]>();
        for (const r of to) {
          const language = isLanguage(r.language) ? r.language : defaultLanguage;
          byLanguage.set(language, [...(byLanguage.get(language) ?? []), r.email]);
        }
        for (const [language, emails] of byLanguage) await core.mailer.send({ to: emails, ...write(core.translator(language), alert) });
        // Marked right after its own mails: a retry after a crash resends at most this one alert.
        await AttendanceAlertModel.query(knex).findById(alert.id).whereNull('mailed_at').patch({ mailed_at: fn.now(), recipients: to.map((r) => r.email) } as object);
        mailed += 1;
      }
      return mailed;
    },

    async list(actor, filters) {
      const campuses = permissions.campusesOrDeny(actor, perm.absenceRead, filters.campus ? [filters.campus] : null);
      const query = knex('attendance_alerts as a')
        .join('identity_actors as st', 'st.id', 'a.student_id')
        .whereIn('a.campus_id', campuses)
        .whereNot('a.kind', 'justify-request')
        .select('a.*', 'st.first_name', 'st.last_name')
        .orderBy([{ column: 'a.day', order: 'desc' }, { column: 'a.created_at', order: 'desc' }])
        .limit(500);
      if (filters.from) query.where('a.day', '>=', filters.from);
      if (filters.to) query.where('a.day', '<=', filters.to);
      const rows = await query;
      return rows.map((row) => ({
        id: row.id, kind: row.kind, student: { id: row.student_id, firstName: row.first_name, lastName: row.last_name }, campusId: row.campus_id,
        day: day(row.day), count: row.count, threshold: row.threshold, recipients: row.recipients, mailedAt: row.mailed_at ? new Date(row.mailed_at).toISOString() : null,
      }));
    },

    async settings(actor, campusId) {
      permissions.assert(actor, perm.absenceRead);
      if (!permissions.isGranted(actor, perm.absenceRead, campusId)) throw new NotFoundError('campus');
      const row = await AttendanceAlertSettingsModel.query(knex).findById(campusId);
      return row
        ? { unjustifiedHalfDays: row.unjustified_half_days, windowDays: row.window_days, consecutiveAbsences: row.consecutive_absences, justifyWithinDays: row.justify_within_days }
        : { ...defaultAlertSettings };
    },

    async saveSettings(actor, campusId, values) {
      permissions.assert(actor, perm.alertManage);
      if (!permissions.isGranted(actor, perm.absenceRead, campusId)) throw new NotFoundError('campus');
      permissions.assert(actor, perm.alertManage, campusId);
      const row = {
        campus_id: campusId, unjustified_half_days: values.unjustifiedHalfDays, window_days: values.windowDays,
        consecutive_absences: values.consecutiveAbsences, justify_within_days: values.justifyWithinDays, updated_by: actor.id, updated_at: knex.fn.now(),
      };
      await knex('attendance_alert_settings').insert(row).onConflict('campus_id').merge();
      return values;
    },
  };
  return service;
}
