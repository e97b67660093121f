import archiver from 'archiver';
import { PassThrough, type Readable } from 'node:stream';
import { AccessDeniedError, NotFoundError, type Actor, type FileDownload, type Language, type Operation, type PermissionMatrix } from '@alterna/core';
import { perm } from '../permissions.js';
import type { ReportCardsExportInput } from '../validation/index.js';
import type { MarksContext } from './context.js';
import { reportCardFileName, reportCardPdf } from './report-card-pdf.js';
import type { ReportCardsService } from './report-cards.js';
import { marksWorkflows, type ReportCardPart, type ReportCardsRun, type ReportCardsZip } from '../workflow-contract.js';

export interface ZipExportService {
  /** Starts the tracked run (business id from the request, so a retried click never starts twice). */
  start(actor: Actor | null, trainingGroupId: string, input: ReportCardsExportInput, language: Language): Promise<{ operation: Operation }>;
  /** The finished run's zip, for whoever sees the run and reads the group's campus. */
  download(actor: Actor | null, operationId: string): Promise<FileDownload>;
  /** Activity: the group's students, the run's items. */
  students(run: ReportCardsRun): Promise<{ key: string; label: string }[]>;
  /** Activity: renders a batch's PDFs and stores each (a retry stores them again; the zip step removes the parts it used). */
  render(run: ReportCardsRun, studentIds: string[]): Promise<ReportCardPart[]>;
  /** Activity: the parts in one zip, stored (a retry zips them again: the parts stay until `removeParts`). */
  zip(run: ReportCardsRun, parts: ReportCardPart[]): Promise<ReportCardsZip>;
  /** Activity: the zipped parts removed (one already gone is skipped, so a retry finishes the job). */
  removeParts(parts: ReportCardPart[]): Promise<void>;
}

const bytesOf = async (stream: Readable | Buffer): Promise<Buffer> => {
  if (Buffer.isBuffer(stream)) return stream;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

export function zipExportService(ctx: MarksContext, cards: ReportCardsService): ZipExportService {
  const { core } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  return {
    async start(actor, trainingGroupId, input, language) {
      permissions.assert(actor, perm.reportCardRead);
      const group = await cards.group(trainingGroupId);
      if (!permissions.isGranted(actor, perm.reportCardRead, group.campus_id)) throw new NotFoundError('trainingGroup');
      const run: ReportCardsRun = { trainingGroupId, semester: input.semester, withRank: input.withRank, language, actorId: actor.id };
      const operation = await core.operations.start({
        workflowType: marksWorkflows.reportCards, workflowId: `marks-report-cards:${input.requestId}`, kind: marksWorkflows.reportCards,
        subject: `${group.name} - S${input.semester}`, campusId: group.campus_id, actor, args: [run],
      });
      return { operation };
    },

    async download(actor, operationId) {
      permissions.assert(actor, perm.reportCardRead);
      const operation = await core.operations.get(actor, operationId);
      if (operation.kind !== marksWorkflows.reportCards || operation.status !== 'completed') throw new NotFoundError('operation');
      if (!permissions.isGranted(actor, perm.reportCardRead, operation.campusId)) throw new AccessDeniedError();
      const result = operation.result as { fileId?: string } | null;
      if (!result?.fileId) throw new NotFoundError('operation');
      return core.files.download(result.fileId);
    },

    async students(run) {
      const group = await cards.group(run.trainingGroupId);
      const all = await cards.compute(group, run.semester);
      return all.map((card) => ({ key: card.student.id, label: `${card.student.lastName.toUpperCase()} ${card.student.firstName}` }));
    },

    async render(run, studentIds) {
      const t = core.translator(run.language);
      const group = await cards.group(run.trainingGroupId);
      const batch = await cards.compute(group, run.semester, studentIds);
      const parts: ReportCardPart[] = [];
      for (const card of batch) {
        const bytes = await reportCardPdf(card, { withRank: run.withRank, language: run.language }, t);
        const name = reportCardFileName(card, t);
        const stored = await core.files.save({ filename: name, contentType: 'application/pdf', size: bytes.length, bytes }, { module: 'marks', actorId: run.actorId });
        parts.push({ fileId: stored.id, name });
      }
      return parts;
    },

    async zip(run, parts) {
      const t = core.translator(run.language);
      const group = await cards.group(run.trainingGroupId);
      const archive = archiver('zip', { store: true });
      const out = new PassThrough();
      archive.pipe(out);
      const bytes = bytesOf(out);
      for (const part of parts) archive.append(await bytesOf((await core.files.download(part.fileId)).file.stream), { name: part.name });
      await archive.finalize();
      const zip = await bytes;
      const filename = `${String(t('marks.pdf.zipName', { semester: run.semester }))}_${group.name}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_-]+/g, '-') + '.zip';
      const stored = await core.files.save({ filename, contentType: 'application/zip', size: zip.length, bytes: zip }, { module: 'marks', actorId: run.actorId });
      return { fileId: stored.id, filename, count: parts.length };
    },

    async removeParts(parts) {
      for (const part of parts) await core.files.remove(part.fileId);
    },
  };
}
