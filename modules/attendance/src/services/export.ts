import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import { NotFoundError, todayIn, type Actor, type FileToSend, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { isIsoDate } from '@alterna/core/dates';
import { formatDateTime } from '@alterna/core/validation';
import type { AttendanceSignatureModel } from '../models/index.js';
import { perm } from '../permissions.js';
import { brokenAt, linesDigest } from '../rules/signature-chain.js';
import type { AttendanceContext } from './context.js';
import { pdfFormats, sheetPdf, type PdfLine, type PdfSheet, type PdfSignature } from './export-pdf.js';
import { closedLine } from './sheets.js';
import { entryOf } from './signatures.js';
import { now } from '@alterna/core/clock';

type Db = Knex | Knex.Transaction;

/**
 * Sheets read per set of statements (three queries a batch). 20, not 50: a batch's parsed strokes are garbage once its
 * chains are checked, and smaller batches kept the 500-sheet export's peak growth at 111 MB instead of 148 (bench).
 */
export const exportBatchSize = 20;
/** At most this many lessons in one export request (the body's schema says so too). */
export const maxExportLessons = 1000;
/** The staff list shows at most this many sheets, newest first. */
export const maxListedSheets = 1000;

/** A sheet in the staff list the export is chosen from. */
export interface ListedSheet {
  sheetId: string;
  lessonId: string;
  startAt: string;
  endAt: string;
  campus: { id: string; name: string };
  schoolSubject: { id: string; name: string } | null;
  planningGroups: string[];
  teachers: string[];
  /** The teacher whose page the sheet is reached under (SPEC §2's /teacher/{teacher}/courses/…): the first by name. */
  teacherId: string | null;
  state: 'open' | 'closed';
  students: number;
  signed: number;
  absent: number;
}

export interface SheetListQuery {
  campus: string | null;
  from: string;
  to: string;
}

export interface AttendanceExportService {
  /** The query of `GET /attendance/sheets`: campus (a UUID), from and to (YYYY-MM-DD, to not before from, a year at most); else 422. */
  listQuery(query: Record<string, unknown>, t: Translate): SheetListQuery;
  /** Sheets of the actor's campuses (where it reads every sheet) whose lesson starts between from and to (Paris days). */
  list(actor: Actor | null, query: SheetListQuery): Promise<{ campuses: { id: string; name: string }[]; sheets: ListedSheet[]; truncated: boolean }>;
  /**
   * The zip of the lessons' sheets, one PDF each, streamed as it is made. Every lesson must be one the actor reads
   * every sheet of (its campus), else the whole request is refused (404, as for a lesson out of reach) before a
   * byte goes out; lessons without a sheet are listed in the zip's README.txt.
   */
  download(actor: Actor | null, lessonIds: string[], t: Translate, language: string): Promise<FileToSend>;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
// The core's check: '-000001-01-01' or '2026-13-01' in a query string are no day (a Date of them cannot be written out).
const isDay = (value: string) => isIsoDate(value);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ASCII, dashes for anything else, so every unzip tool and file system takes the name. */
export function fileNamePart(text: string, max = 60): string {
  const ascii = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return ascii.slice(0, max).replace(/-+$/, '') || 'x';
}

/** `Émargements_2026-01-30_14-05-09.zip` (Paris time): SPEC §7's name plus a timestamp. */
export function zipName(at = now()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at).map((p) => [p.type, p.value]),
  );
  return `Émargements_${parts.year}-${parts.month}-${parts.day}_${parts.hour}-${parts.minute}-${parts.second}.zip`;
}

interface ExportedLesson {
  lessonId: string;
  sheetId: string | null;
  startAt: Date;
  subjectName: string | null;
}

/** The lessons asked for, with their campus and sheet (one statement for up to 1000 ids). */
async function lessonsOf(db: Db, lessonIds: string[]) {
  return db('planning_lessons as l')
    .leftJoin('attendance_sheets as sh', 'sh.lesson_id', 'l.id')
    .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
    .whereIn('l.id', lessonIds)
    .select('l.id', 'l.campus_id', 'l.start_at', 'ss.name as subject_name', 'sh.id as sheet_id')
    .orderBy([{ column: 'l.start_at' }, { column: 'l.id' }]);
}

/** A batch of sheets as their PDFs print them: three set statements (sheets, lines, signatures), however many lines. */
export async function loadSheetBatch(db: Db, sheetIds: string[]): Promise<PdfSheet[]> {
  const [sheets, lines, signatures] = await Promise.all([
    db('attendance_sheets as sh')
      .join('planning_lessons as l', 'l.id', 'sh.lesson_id')
      .join('training_centre_campuses as c', 'c.id', 'l.campus_id')
      .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
      .whereIn('sh.id', sheetIds)
      .select(
        'sh.id', 'sh.lesson_id', 'sh.closed_at', 'l.start_at', 'l.end_at', 'c.name as campus_name', 'ss.name as subject_name',
        db.raw(`ARRAY(SELECT g.name FROM planning_lesson_planning_groups lg JOIN planning_planning_groups g ON g.id = lg.planning_group_id
          WHERE lg.lesson_id = l.id ORDER BY g.name) AS group_names`),
        db.raw(`ARRAY(SELECT a.first_name || ' ' || a.last_name FROM planning_lesson_teachers lt JOIN identity_actors a ON a.id = lt.teacher_id
          WHERE lt.lesson_id = l.id ORDER BY a.last_name, a.first_name) AS teacher_names`),
      ),
    db('attendance_lines as l')
      .join('identity_actors as a', 'a.id', 'l.student_id')
      .join('students_student_registrations as r', 'r.id', 'l.student_registration_id')
      .leftJoin('trainings_training_groups as g', 'g.id', 'r.training_group_id')
      .whereIn('l.sheet_id', sheetIds)
      .select('l.*', 'a.first_name', 'a.last_name', 'g.short_name as group_short_name')
      .orderBy([{ column: 'l.sheet_id' }, { column: 'a.last_name' }, { column: 'a.first_name' }, { column: 'l.id' }]),
    db('attendance_signatures as s')
      .join('identity_actors as a', 'a.id', 's.signer_id')
      .whereIn('s.sheet_id', sheetIds)
      .select('s.*', 'a.first_name as signer_first_name', 'a.last_name as signer_last_name')
      .orderBy([{ column: 's.sheet_id' }, { column: 's.seq' }]),
  ]);
  const linesBySheet = groupBy(lines, (row) => row.sheet_id as string);
  const signaturesBySheet = groupBy(signatures, (row) => row.sheet_id as string);
  const byId = new Map(sheets.map((row) => [row.id as string, row]));
  // In the order asked for (the lessons' start).
  return sheetIds.filter((id) => byId.has(id)).map((id) => {
    const row = byId.get(id)!;
    const sheetLines = linesBySheet.get(id) ?? [];
    const chain = signaturesBySheet.get(id) ?? [];
    const lineSignature = new Map(chain.filter((s) => s.line_id).map((s) => [s.line_id as string, s]));
    const closing = chain.find((s) => s.line_id === null) ?? null;
    // The module's own proof check (sheets.verify): the chain recomputed, and the lines against the closing digest.
    const broken = brokenAt(chain.map((s) => ({ ...entryOf(s as AttendanceSignatureModel), seq: s.seq, previousHash: s.previous_hash, hash: s.hash })));
    const linesUnchanged = closing ? linesDigest(sheetLines.map((l) => closedLine(l))) === closing.lines_digest : null;
    return {
      lessonId: row.lesson_id, campusName: row.campus_name, subjectName: row.subject_name ?? null, groups: row.group_names ?? [],
      teachers: row.teacher_names ?? [], startAt: new Date(row.start_at), endAt: new Date(row.end_at), closedAt: row.closed_at ? new Date(row.closed_at) : null,
      lines: sheetLines.map((l): PdfLine => ({
        lastName: l.last_name, firstName: l.first_name, group: l.group_short_name ?? null, status: l.status, arrivedAt: l.arrived_at, leftAt: l.left_at,
        exitFrom: l.exit_from, exitTo: l.exit_to, comment: l.comment, signature: lineSignature.has(l.id) ? pdfSignature(lineSignature.get(l.id)) : null,
      })),
      closing: closing ? pdfSignature(closing) : null,
      linesDigest: closing?.lines_digest ?? null,
      chain: { brokenAt: broken, linesUnchanged, signatures: chain.length },
    };
  });
}

function pdfSignature(row: any): PdfSignature {
  return {
    seq: row.seq, signerName: `${row.signer_first_name} ${row.signer_last_name}`, method: row.method, signedAt: new Date(row.signed_at), ip: row.ip,
    // The strokes are kept only when there is no SVG to draw from: a batch then holds little once its chains are checked.
    userAgent: row.user_agent, hash: row.hash, svg: row.svg, strokes: row.svg ? null : row.strokes,
  };
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** `<date>_<time>_<subject>_<groups>.pdf`, a suffix when two sheets would share a name. */
function entryName(sheet: PdfSheet, used: Set<string>, t: Translate): string {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(sheet.startAt);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(sheet.startAt).replace(':', 'h');
  const base = [day, time, fileNamePart(sheet.subjectName ?? String(t('attendance.export.pdf.noSubject')), 40), fileNamePart(sheet.groups.join('-') || '-', 60)].join('_');
  let name = `${base}.pdf`;
  for (let n = 2; used.has(name); n++) name = `${base}_${n}.pdf`;
  used.add(name);
  return name;
}

/** The client went away (or the zip broke): nothing more to write, nothing to report. */
class ZipClosed extends Error {}

/** Resolves once the archive has written the entry it was handed; fails if the archive breaks or the client leaves. */
function entryWritten(archive: archiver.Archiver): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      cleanup();
      resolve();
    };
    const failed = (error?: Error) => {
      cleanup();
      reject(error ?? new ZipClosed());
    };
    const closed = () => failed();
    const cleanup = () => {
      archive.off('entry', done);
      archive.off('error', failed);
      archive.off('close', closed);
    };
    archive.once('entry', done);
    archive.once('error', failed);
    archive.once('close', closed);
  });
}

export function attendanceExportService(ctx: AttendanceContext): AttendanceExportService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /** Writes the PDFs one after the other, a batch of sheets read at a time: what is held is one batch and one PDF. */
  async function produce(archive: archiver.Archiver, lessons: ExportedLesson[], t: Translate, language: string): Promise<void> {
    const formats = pdfFormats(language);
    const printedAt = now();
    const used = new Set<string>();
    const sheetIds = lessons.filter((l) => l.sheetId).map((l) => l.sheetId!);
    // One batch in memory at a time: reading the next while drawing would hold two.
    for (let start = 0; start < sheetIds.length; start += exportBatchSize) {
      const batch = await loadSheetBatch(knex, sheetIds.slice(start, start + exportBatchSize));
      for (const sheet of batch) {
        if (archive.destroyed) return;
        const written = entryWritten(archive);
        archive.append(sheetPdf(sheet, t, formats, { printedAt }) as unknown as Readable, { name: entryName(sheet, used, t), date: printedAt });
        await written;
      }
    }
    const skipped = lessons.filter((l) => !l.sheetId);
    if (skipped.length) {
      const text = [
        String(t('attendance.export.readme.skipped', { count: skipped.length })),
        '',
        ...skipped.map((l) => `- ${formatDateTime(l.startAt, language)} · ${l.subjectName ?? t('attendance.export.pdf.noSubject')} · ${l.lessonId}`),
        '',
      ].join('\r\n');
      archive.append(text, { name: 'README.txt', date: printedAt });
    }
    await archive.finalize();
  }

  return {
    listQuery(query, t) {
      const one = (name: string) => {
        const value = query[name];
        if (value === undefined || value === '') return null;
        if (typeof value !== 'string') return ctx.refuse(t, 'attendance.export.validation.single', name);
        return value;
      };
      const campus = one('campus');
      if (campus !== null && !uuid.test(campus)) ctx.refuse(t, 'attendance.validation.id', 'campus');
      const to = one('to') ?? todayIn();
      if (!isDay(to)) ctx.refuse(t, 'attendance.validation.day', 'to');
      const from = one('from') ?? addDays(to, -30);
      if (!isDay(from)) ctx.refuse(t, 'attendance.validation.day', 'from');
      if (from > to) ctx.refuse(t, 'attendance.export.validation.range', 'to');
      if (addDays(from, 366) < to) ctx.refuse(t, 'attendance.export.validation.tooLong', 'to');
      return { campus, from, to };
    },

    async list(actor, query) {
      const campusIds = permissions.campusesOrDeny(actor, perm.sheetReadStaff, query.campus ? [query.campus] : null);
      const campuses = await knex('training_centre_campuses').whereIn('id', permissions.campusesFor(actor!, perm.sheetReadStaff)).orderBy('name').select('id', 'name');
      if (!campusIds.length) return { campuses, sheets: [], truncated: false };
      const rows = await knex('attendance_sheets as sh')
        .join('planning_lessons as l', 'l.id', 'sh.lesson_id')
        .join('training_centre_campuses as c', 'c.id', 'sh.campus_id')
        .leftJoin('trainings_school_subjects as ss', 'ss.id', 'l.school_subject_id')
        .whereIn('sh.campus_id', campusIds)
        .whereRaw("l.start_at >= (?::date)::timestamp AT TIME ZONE 'Europe/Paris'", [query.from])
        .whereRaw("l.start_at < (?::date + 1)::timestamp AT TIME ZONE 'Europe/Paris'", [query.to])
        .select(
          'sh.id as sheet_id', 'sh.lesson_id', 'sh.closed_at', 'l.start_at', 'l.end_at', 'c.id as campus_id', 'c.name as campus_name',
          'ss.id as subject_id', 'ss.name as subject_name',
          knex.raw(`ARRAY(SELECT g.name FROM planning_lesson_planning_groups lg JOIN planning_planning_groups g ON g.id = lg.planning_group_id
            WHERE lg.lesson_id = l.id ORDER BY g.name) AS group_names`),
          knex.raw(`ARRAY(SELECT a.first_name || ' ' || a.last_name FROM planning_lesson_teachers lt JOIN identity_actors a ON a.id = lt.teacher_id
            WHERE lt.lesson_id = l.id ORDER BY a.last_name, a.first_name) AS teacher_names`),
          knex.raw(`(SELECT lt.teacher_id FROM planning_lesson_teachers lt JOIN identity_actors a ON a.id = lt.teacher_id
            WHERE lt.lesson_id = l.id ORDER BY a.last_name, a.first_name, lt.teacher_id LIMIT 1) AS teacher_id`),
          knex.raw('(SELECT count(*)::int FROM attendance_lines al WHERE al.sheet_id = sh.id) AS students'),
          knex.raw("(SELECT count(*)::int FROM attendance_lines al WHERE al.sheet_id = sh.id AND al.status = 'absent') AS absent"),
          knex.raw('(SELECT count(*)::int FROM attendance_signatures s WHERE s.sheet_id = sh.id AND s.line_id IS NOT NULL) AS signed'),
        )
        .orderBy([{ column: 'l.start_at', order: 'desc' }, { column: 'sh.id' }])
        .limit(maxListedSheets + 1);
      return {
        campuses,
        truncated: rows.length > maxListedSheets,
        sheets: rows.slice(0, maxListedSheets).map((row) => ({
          sheetId: row.sheet_id, lessonId: row.lesson_id, startAt: new Date(row.start_at).toISOString(), endAt: new Date(row.end_at).toISOString(),
          campus: { id: row.campus_id, name: row.campus_name }, schoolSubject: row.subject_id ? { id: row.subject_id, name: row.subject_name } : null,
          planningGroups: row.group_names ?? [], teachers: row.teacher_names ?? [], teacherId: row.teacher_id ?? null, state: row.closed_at ? 'closed' : 'open',
          students: row.students, signed: row.signed, absent: row.absent,
        })),
      };
    },

    async download(actor, lessonIds, t, language) {
      permissions.assert(actor, perm.sheetReadStaff);
      const ids = [...new Set(lessonIds)];
      const rows = await lessonsOf(knex, ids);
      // All or nothing: one lesson unknown or of a campus the actor does not read every sheet of refuses the request.
      if (rows.length !== ids.length || rows.some((row) => !permissions.isGranted(actor, perm.sheetReadStaff, row.campus_id))) throw new NotFoundError('lesson');
      const lessons: ExportedLesson[] = rows.map((row) => ({ lessonId: row.id, sheetId: row.sheet_id ?? null, startAt: new Date(row.start_at), subjectName: row.subject_name ?? null }));
      // PDFs are compressed already: the zip stores them as they are.
      const archive = archiver('zip', { store: true });
      const stream = new PassThrough();
      archive.on('error', (error) => stream.destroy(error));
      stream.on('close', () => {
        if (!archive.destroyed) archive.destroy();
      });
      archive.pipe(stream);
      void produce(archive, lessons, t, language).catch((error: unknown) => {
        // Headers are gone: cutting the stream is how the client learns the zip is incomplete.
        if (!(error instanceof ZipClosed)) ctx.core.log.error({ err: error }, 'attendance export failed');
        stream.destroy(error as Error);
      });
      return { filename: zipName(), contentType: 'application/zip', stream };
    },
  };
}

