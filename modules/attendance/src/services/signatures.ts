import type { Knex } from '@alterna/core';
import { AttendanceSignatureModel } from '../models/index.js';
import { chainHash, type SignatureEntry } from '../rules/signature-chain.js';
import type { SignatureMethod } from '../validation/index.js';
import { now } from '@alterna/core/clock';

/** Where a signature came from: the request's address and browser. */
export interface Device {
  ip: string | null;
  userAgent: string | null;
}

export interface NewSignature {
  sheetId: string;
  lessonId: string;
  lineId: string | null;
  signerId: string;
  recordedBy: string | null;
  method: SignatureMethod;
  strokes: unknown;
  svg: string | null;
  linesDigest: string | null;
  device: Device;
}

/** The content a signature's hash covers, as stored. */
export function entryOf(row: AttendanceSignatureModel): SignatureEntry {
  return {
    sheetId: row.sheet_id, lessonId: row.lesson_id, lineId: row.line_id, signerId: row.signer_id, method: row.method,
    signedAt: new Date(row.signed_at).toISOString(), ip: row.ip, userAgent: row.user_agent, strokes: row.strokes ?? null, svg: row.svg,
    linesDigest: row.lines_digest,
  };
}

/**
 * Appends a signature to its sheet's chain inside `trx`: the sheet row is locked, so two signatures of one sheet
 * take their turns and each links to the one before (the unique indexes stay as the last guard). Signing a line
 * twice answers the first signature.
 */
export async function appendSignature(trx: Knex.Transaction, signature: NewSignature): Promise<AttendanceSignatureModel> {
  await trx('attendance_sheets').where({ id: signature.sheetId }).forUpdate().first('id');
  const existing = await AttendanceSignatureModel.query(trx)
    .where({ sheet_id: signature.sheetId })
    .where((where) => (signature.lineId ? where.where('line_id', signature.lineId) : where.whereNull('line_id')))
    .first();
  if (existing) return existing;
  const last = await AttendanceSignatureModel.query(trx).where({ sheet_id: signature.sheetId }).orderBy('seq', 'desc').first();
  // Server time, to the millisecond PostgreSQL keeps.
  const signedAt = now();
  const entry: SignatureEntry = {
    sheetId: signature.sheetId, lessonId: signature.lessonId, lineId: signature.lineId, signerId: signature.signerId, method: signature.method,
    signedAt: signedAt.toISOString(), ip: signature.device.ip, userAgent: signature.device.userAgent, strokes: signature.strokes ?? null,
    svg: signature.svg, linesDigest: signature.linesDigest,
  };
  const previousHash = last?.hash ?? null;
  return AttendanceSignatureModel.query(trx).insertAndFetch({
      sheet_id: entry.sheetId, lesson_id: entry.lessonId, line_id: entry.lineId, signer_id: entry.signerId, recorded_by: signature.recordedBy,
      method: entry.method, signed_at: signedAt, ip: entry.ip, user_agent: entry.userAgent,
      strokes: entry.strokes === null ? null : JSON.stringify(entry.strokes), svg: entry.svg, lines_digest: entry.linesDigest,
      seq: (last?.seq ?? 0) + 1, previous_hash: previousHash, hash: chainHash(previousHash, entry),
  } as Partial<AttendanceSignatureModel>);
}
