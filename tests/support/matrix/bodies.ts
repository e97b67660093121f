import crypto from 'node:crypto';
import { validate, ValidationError } from '@alterna/core';
import type { AnySchema } from 'yup';

// A change sent from another campus's (or another person's) side must be refused for what it names, not only for
// its shape: so those cells send a body the route's schema accepts, built from the schema's description, whose
// ids name the other side's records. A 2xx there is a write on someone else's records.

// The shape of yup's describe(), shared with the fuzzing suite.
import type { Described } from '../fuzz/schema.js';

/** Body fields naming records, by field name (a list names one). */
const fieldKinds: Record<string, string> = {
  campus: 'campus', campusId: 'campus', campusIds: 'campus', campuses: 'campus', planningGroups: 'planningGroup', planningGroupIds: 'planningGroup',
  rooms: 'room', room: 'room', teachers: 'teacher', teacher: 'teacher', teacherId: 'teacher', trainingGroup: 'trainingGroup', trainingGroups: 'trainingGroup',
  trainingGroupId: 'trainingGroup', student: 'student', studentId: 'student', students: 'student', studentRegistration: 'registration',
  registrations: 'registration', lesson: 'lesson', lessonId: 'lesson', lessonIds: 'lesson', lessons: 'lesson', folder: 'folder', fileFolder: 'folder',
  fileId: 'file', fileToReplace: 'file', trainingId: 'training', trainings: 'training', teacherContracts: 'teacherContract', coachId: 'coach',
  actors: 'actor', owner: 'actor', fileOwner: 'actor', fileUser: 'actor', user: 'actor', template: 'mailTemplate', templateId: 'mailTemplate',
  schoolSubject: 'schoolSubject', schoolSubjectId: 'schoolSubject', trainingSessionId: 'session', variantId: 'variant', corporationId: 'corporation',
  studentContract: 'studentContract', teacher_company: 'teacherCompany', teacherCompanyId: 'teacherCompany', teacherStatusId: 'teacherStatus',
  relatedActivityId: 'relatedActivity', gradeScaleElementId: 'gradeScaleElement',
};

const learned = new WeakMap<AnySchema, Map<string, number>>();

export type IdOf = (kind: string) => { id: string; shared: boolean } | null;

const has = (field: Described, test: string) => field.tests?.some((t) => t.name === test) ?? false;
const param = (field: Described, test: string, key: string) => field.tests?.find((t) => t.name === test)?.params?.[key] as number | undefined;

/** Values to try for a text field, the likeliest first for its tests and name. */
export function textCandidates(name: string, field: Described = { type: 'string' }): unknown[] {
  if (field.oneOf?.length) return field.oneOf.filter((value) => value !== undefined && value !== null);
  const dates = /end|to$|until/i.test(name) ? ['2027-01-15', '2027-01-16T12:00:00.000Z'] : ['2027-01-14', '2027-01-14T09:00:00.000Z'];
  if (has(field, 'email') || /email/i.test(name)) return ['matrix@example.com'];
  if (has(field, 'country') || /country/i.test(name)) return ['FR'];
  if (has(field, 'time') || /time$/i.test(name)) return [/end/i.test(name) ? '11:00' : '10:00'];
  if (/cityCode/i.test(name)) return ['75115'];
  if (has(field, 'past') || has(field, 'plausible') || /birth/i.test(name)) return ['2005-05-01'];
  if (has(field, 'not-future')) return ['2026-11-02'];
  if (has(field, 'day') || has(field, 'date') || has(field, 'iso-date') || /date|day/i.test(name)) return [...dates, 'Matrix'];
  if (has(field, 'link') || /url|link/i.test(name)) return ['https://example.com/matrix'];
  if (has(field, 'html') || name === 'html') return ['<p>Matrix</p>'];
  if (has(field, 'matches')) return ['#123456', '10:00', dates[1], 'Matrix'];
  if (/siret/i.test(name)) return ['55210055400013'];
  if (/phone/i.test(name)) return ['0600000000'];
  if (/(^|[a-z])At$/.test(name)) return [dates[1]];
  return ['Matrix', ...dates, '10:00', '1'];
}

/** A value for a field: records named by the other side, else the first candidate of its type. */
function valueOf(name: string, field: Described, idOf: IdOf, named: { other: boolean }, choice: Map<string, number>, path: string): unknown {
  const kind = fieldKinds[name];
  const pickFrom = (candidates: unknown[]) => candidates[Math.min(choice.get(path) ?? 0, candidates.length - 1)];
  if (kind && (field.type === 'string' || field.type === 'array')) {
    const chosen = idOf(kind);
    if (chosen) {
      if (!chosen.shared) named.other = true;
      return field.type === 'array' ? [chosen.id] : chosen.id;
    }
  }
  // Other ids (a request's own id, a line's): a fresh UUID.
  if (field.type === 'string' && (has(field, 'uuid') || /(^id$|Id$)/.test(name))) return crypto.randomUUID();
  switch (field.type) {
    case 'string': return pickFrom(textCandidates(name, field));
    case 'number': {
      const min = param(field, 'min', 'min') ?? 1;
      const max = param(field, 'max', 'max');
      return pickFrom([Math.max(1, min), min, max ?? 10, 0]);
    }
    case 'boolean': return pickFrom([true, false]);
    case 'date': return pickFrom(['2027-01-14']);
    case 'object': return objectOf(field, idOf, named, choice, path);
    case 'array': {
      if (!has(field, 'min') && !field.innerType?.fields) return [];
      const item = field.innerType ? valueOf(name.replace(/s$/, ''), field.innerType, idOf, named, choice, `${path}[0]`) : 'Matrix';
      return [item];
    }
    default: return undefined;
  }
}

function objectOf(described: Described, idOf: IdOf, named: { other: boolean }, choice: Map<string, number>, prefix: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(described.fields ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    // Optional fields stay out unless they name records or the schema asked for them (a date or a period).
    if (field.optional && !fieldKinds[name] && !choice.has(path)) continue;
    const value = valueOf(name, field, idOf, named, choice, path);
    if (value !== undefined) body[name] = value;
  }
  return body;
}

/**
 * A body the schema accepts, naming the other side's records where its fields name records; null when none
 * names any (the cell would then be the actor's own create) or no body passes after a few tries.
 */
export async function plausibleBody(schema: AnySchema, idOf: IdOf, pathNamesOther = false): Promise<Record<string, unknown> | null> {
  const described = schema.describe() as unknown as Described;
  // The candidates that passed for this schema before (another actor's cell) are tried first.
  const choice = learned.get(schema) ?? new Map<string, number>();
  learned.set(schema, choice);
  const identity = ((key: string) => key) as never;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const named = { other: false };
    const body = objectOf(described, idOf, named, choice, '');
    try {
      await validate(schema, body, identity);
      return named.other || pathNamesOther ? body : null;
    } catch (error) {
      if (!(error instanceof ValidationError)) return null;
      // The fields refused take their next candidate.
      for (const violation of error.violations) choice.set(violation.path, choice.has(violation.path) ? choice.get(violation.path)! + 1 : 0);
    }
  }
  return null;
}
