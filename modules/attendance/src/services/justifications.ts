import {
  AccessDeniedError, NotFoundError, ValidationError, defaultLanguage, isLanguage, type Actor, type FileDownload, type PermissionMatrix, type Translate,
  type UploadedFile,
} from '@alterna/core';
import { justificationMail } from './mail-texts.js';
import { perm } from '../permissions.js';
import type { JustificationInput, JustificationReason, JustificationStatus } from '../validation/index.js';
import type { AttendanceContext } from './context.js';

/** A student's justification as the student and the staff see it. */
export interface Justification {
  id: string;
  student: { id: string; firstName: string; lastName: string };
  campusId: string;
  reason: JustificationReason;
  comment: string | null;
  startDate: string;
  endDate: string;
  document: { filename: string; contentType: string; size: number } | null;
  status: JustificationStatus;
  decidedAt: string | null;
  decisionComment: string | null;
  createdAt: string;
  /** Absences of the student those days cover (closed sheets). */
  absences: number;
}

export interface JustificationsService {
  /** The student justifies the absences of some days with a reason and a document. */
  submit(actor: Actor | null, input: JustificationInput, file: UploadedFile | null, t: Translate): Promise<Justification>;
  /** The student's own justifications, newest first. */
  mine(actor: Actor | null): Promise<Justification[]>;
  /** Staff: the justifications of their campuses, those waiting first. */
  list(actor: Actor | null, filters: { campus: string | null; status: JustificationStatus | null }): Promise<Justification[]>;
  one(actor: Actor | null, id: string): Promise<Justification>;
  /** Staff accept or refuse a waiting justification; the student is told by e-mail. */
  decide(actor: Actor | null, id: string, status: 'accepted' | 'refused', comment: string | null, t: Translate): Promise<Justification>;
  document(actor: Actor | null, id: string): Promise<FileDownload>;
}

const day = (value: Date | string) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export function justificationsService(ctx: AttendanceContext): JustificationsService {
  const { knex, core } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  const select = () =>
    knex('attendance_justifications as j')
      .join('identity_actors as st', 'st.id', 'j.student_id')
      .leftJoin('stored_files as f', 'f.id', 'j.file_id')
      .select(
        'j.*', 'st.first_name', 'st.last_name', 'f.filename', 'f.content_type', 'f.size',
        knex.raw(`(SELECT count(*)::int FROM attendance_lines l JOIN attendance_sheets sh ON sh.id = l.sheet_id AND sh.closed_at IS NOT NULL
          JOIN planning_lessons le ON le.id = sh.lesson_id
          WHERE l.student_id = j.student_id AND l.status IN ('late', 'absent', 'early-exit', 'temporary-exit', 'temporary-exclusion', 'fraud')
            AND (le.start_at AT TIME ZONE 'Europe/Paris')::date BETWEEN j.start_date AND j.end_date) AS absences`),
      );
  const toJustification = (row: Record<string, any>): Justification => ({
    id: row.id, student: { id: row.student_id, firstName: row.first_name, lastName: row.last_name }, campusId: row.campus_id,
    reason: row.reason, comment: row.comment, startDate: day(row.start_date), endDate: day(row.end_date),
    document: row.file_id ? { filename: row.filename, contentType: row.content_type, size: Number(row.size) } : null,
    status: row.status, decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null, decisionComment: row.decision_comment,
    createdAt: new Date(row.created_at).toISOString(), absences: row.absences ?? 0,
  });

  /** The student's own, or the staff of its campus; anyone else gets a 404. */
  const reachable = async (actor: Actor | null, id: string) => {
    if (!actor) permissions.assert(actor, perm.selfJustify);
    const row = await select().where('j.id', id).first();
    if (!row || (row.student_id !== actor!.id && !permissions.isGranted(actor, perm.absenceRead, row.campus_id))) throw new NotFoundError('justification');
    return row;
  };

  async function tellStudent(justification: Justification) {
    const student = await knex('identity_actors').where({ id: justification.student.id }).first('email', 'language');
    if (!student?.email) return;
    const t = core.translator(isLanguage(student.language) ? student.language : defaultLanguage);
    try {
      await core.mailer.send({ to: student.email, ...justificationMail(t, justification) });
    } catch (error) {
      // The decision stands: a mail server down must not undo it.
      core.log.error({ err: error, justification: justification.id }, 'justification decision mail not sent');
    }
  }

  return {
    async submit(actor, input, file, t) {
      permissions.assert(actor, perm.selfJustify);
      const [campusId] = permissions.campusesFor(actor, perm.selfJustify);
      if (!campusId) throw new AccessDeniedError();
      if (!file) throw new ValidationError([{ path: 'file', message: t('attendance.justification.fileRequired') as string }]);
      const id = await knex.transaction(async (trx) => {
        const stored = await core.files.save(file, { module: 'attendance', actorId: actor.id }, trx);
        const [row] = await trx('attendance_justifications')
          .insert({
            student_id: actor.id, campus_id: campusId, reason: input.reason, comment: input.comment || null,
            start_date: input.startDate, end_date: input.endDate, file_id: stored.id,
          })
          .returning('id');
        if (!row) throw new Error('attendance: the justification insert returned no row');
        return row.id;
      });
      return toJustification(await select().where('j.id', id).first());
    },

    async mine(actor) {
      permissions.assert(actor, perm.selfJustify);
      const rows = await select().where('j.student_id', actor.id).orderBy('j.created_at', 'desc').limit(200);
      return rows.map(toJustification);
    },

    async list(actor, filters) {
      const campuses = permissions.campusesOrDeny(actor, perm.absenceRead, filters.campus ? [filters.campus] : null);
      const query = select().whereIn('j.campus_id', campuses);
      if (filters.status) query.where('j.status', filters.status);
      const rows = await query.orderByRaw("(j.status = 'submitted') DESC, j.created_at DESC").limit(500);
      return rows.map(toJustification);
    },

    async one(actor, id) {
      return toJustification(await reachable(actor, id));
    },

    async decide(actor, id, status, comment, t) {
      const row = await reachable(actor, id);
      permissions.assert(actor, perm.justificationDecide, row.campus_id);
      // Only a waiting one: the update's condition makes two staff deciding at once decide once.
      const updated = await knex('attendance_justifications')
        .where({ id, status: 'submitted' })
        .update({ status, decided_by: actor.id, decided_at: knex.fn.now(), decision_comment: comment || null, updated_at: knex.fn.now() });
      if (!updated) throw new ValidationError([{ path: '', message: t('attendance.justification.alreadyDecided') as string }]);
      const justification = toJustification(await select().where('j.id', id).first());
      await tellStudent(justification);
      return justification;
    },

    async document(actor, id) {
      const row = await reachable(actor, id);
      if (!row.file_id) throw new NotFoundError('document');
      return core.files.download(row.file_id);
    },
  };
}

