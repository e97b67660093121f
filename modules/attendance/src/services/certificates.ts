import { PassThrough } from 'node:stream';
import archiver from 'archiver';
import { NotFoundError, ValidationError, type Actor, type FileToSend, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { attendedSeconds, closedLines, lessonSeconds } from './absence-filters.js';
import { certificatePdf, type CertifiedStudent } from './certificate-pdf.js';
import type { AttendanceContext } from './context.js';

export interface CertificateRequest {
  student: string | null;
  planningGroup: string | null;
  from: string | null;
  to: string | null;
}

export interface CertificatesService {
  /** One apprentice's certificate as a PDF, or a planning group's as a zip of PDFs. */
  download(actor: Actor | null, request: CertificateRequest, t: Translate, language: string): Promise<FileToSend>;
}

const minutes = (seconds: number) => Math.round(seconds / 60);
const fileName = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9-]+/g, '_').replace(/^_+|_+$/g, '');

export function certificatesService(ctx: AttendanceContext): CertificatesService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /** Per student and subject, the closed lessons' hours and the hours attended: one statement. */
  async function certified(campuses: string[], request: CertificateRequest & { from: string; to: string }): Promise<CertifiedStudent[]> {
    const rows = await closedLines(knex, campuses, { campus: null, student: request.student, planningGroup: request.planningGroup, from: request.from, to: request.to })
      .join('identity_actors as st', 'st.id', 'l.student_id')
      .join('training_centre_campuses as c', 'c.id', 'sh.campus_id')
      .leftJoin('students_student_registrations as r', 'r.id', 'l.student_registration_id')
      .leftJoin('trainings_training_groups as tg', 'tg.id', 'r.training_group_id')
      .leftJoin('trainings_school_subjects as ss', 'ss.id', 'le.school_subject_id')
      .whereNotNull('l.status')
      .groupBy('l.student_id', 'st.first_name', 'st.last_name', 'ss.name')
      .select(
        'l.student_id', 'st.first_name', 'st.last_name', 'ss.name as subject', knex.raw('min(tg.name) AS training_group'), knex.raw('min(c.name) AS campus'),
        knex.raw('min(c.id::text) AS campus_id'), knex.raw("bool_or(r.student_status = 'apprentice') AS apprentice"),
        knex.raw(`sum(${lessonSeconds})::float AS scheduled`), knex.raw(`sum(${attendedSeconds})::float AS attended`),
      )
      .orderBy([{ column: 'st.last_name' }, { column: 'st.first_name' }, { column: 'l.student_id' }, { column: 'ss.name' }]);
    const byStudent = new Map<string, CertifiedStudent>();
    for (const row of rows) {
      const student: CertifiedStudent = byStudent.get(row.student_id) ?? {
        firstName: row.first_name, lastName: row.last_name, trainingGroup: row.training_group, campus: row.campus, campusId: row.campus_id, apprentice: false, subjects: [],
      };
      student.apprentice ||= !!row.apprentice;
      student.subjects.push({ name: row.subject ?? '-', scheduledMinutes: minutes(row.scheduled), attendedMinutes: minutes(row.attended) });
      byStudent.set(row.student_id, student);
    }
    return [...byStudent.values()];
  }

  return {
    async download(actor, request, t, language) {
      const campuses = permissions.campusesOrDeny(actor, perm.absenceRead);
      if (!request.from || !request.to) {
        throw new ValidationError([{ path: request.from ? 'to' : 'from', message: t('attendance.validation.required') as string }]);
      }
      if (!request.student && !request.planningGroup) {
        throw new ValidationError([{ path: 'student', message: t('attendance.certificate.whom') as string }]);
      }
      const period = { from: request.from, to: request.to };
      const students = await certified(campuses, { ...request, ...period });
      if (!students.length) throw new NotFoundError('certificate');
      // The organisation each certificate names: its campus's identity, set in the training centre's settings.
      const organisations = await ctx.core.module('training-centre').organisation.identities([...new Set(students.map((s) => s.campusId))]);
      const pdf = (s: CertifiedStudent) => certificatePdf(s, organisations.get(s.campusId) ?? null, period, t, language);
      const pdfName = (s: CertifiedStudent) => `${fileName(`${t('attendance.certificate.fileName')}_${s.lastName}_${s.firstName}_${period.from}_${period.to}`)}.pdf`;
      if (request.student) {
        return { filename: pdfName(students[0]!), contentType: 'application/pdf', stream: await pdf(students[0]!) };
      }
      // A group: its students' PDFs, small, made one after the other into a streamed zip.
      const archive = archiver('zip', { store: true });
      const stream = new PassThrough();
      archive.on('error', (error) => stream.destroy(error));
      archive.pipe(stream);
      void (async () => {
        for (const student of students) archive.append(await pdf(student), { name: pdfName(student) });
        await archive.finalize();
      })().catch((error: unknown) => stream.destroy(error as Error));
      return { filename: `${fileName(`${t('attendance.certificate.fileName')}_${period.from}_${period.to}`)}.zip`, contentType: 'application/zip', stream };
    },
  };
}
