import type { AnyObjectSchema } from 'yup';
import { bulkCreateSchema, frequencies } from '@alterna/planning/validation';
import type { CreateManyBody } from './api';
import { newRequestId } from './useRequestId';

export { frequencies };
export type Frequency = (typeof frequencies)[number];

/** Step 2: one line of lesson details; every occurrence day gets one lesson per line. */
export interface LessonLine {
  key: string;
  planningGroups: string[];
  teachers: string[];
  rooms: string[];
  schoolSubject: string | null;
  lessonType: string;
  remote: string;
  description: string;
}

/** Step 1 (frequency, campuses, period, name) and step 2 (lines). Numbers kept as strings for the inputs. */
export interface MassCreateValues {
  frequency: Frequency;
  days: string[];
  ordinal: string;
  weekday: string;
  campuses: string[];
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  name: string;
  lines: LessonLine[];
}

export const newLine = (): LessonLine => ({
  key: newRequestId(),
  planningGroups: [],
  teachers: [],
  rooms: [],
  schoolSubject: null,
  lessonType: 'course',
  remote: 'present',
  description: '',
});

export function initialMassCreate(campuses: string[]): MassCreateValues {
  return { frequency: 'weekly', days: [], ordinal: '', weekday: '', campuses, startDate: '', endDate: '', startTime: '', endTime: '', name: '', lines: [newLine()] };
}

/**
 * SPEC §5 mass creation rules: the server's own schemas (same messages, `planning.bulk.validation.*`), run on the
 * body the form would send, so every path ('days', 'lines[0].rooms'…) is a field of the form.
 */
export function massCreateValidator(requestId: string): AnyObjectSchema {
  return {
    validate: (values: MassCreateValues, options?: object) => bulkCreateSchema.validate(createManyBody(requestId, values), options),
  } as unknown as AnyObjectSchema;
}

/** The step a violation path belongs to: lesson lines are step 2, the rest step 1. */
export const stepOfPath = (path: string) => (path.startsWith('lines') ? 1 : 0);

export function createManyBody(requestId: string, values: MassCreateValues): CreateManyBody {
  return {
    requestId,
    frequency: values.frequency,
    ...(values.frequency === 'weekly' ? { days: values.days.map(Number).sort((a, b) => a - b) } : {}),
    ...(values.frequency === 'monthly' ? { ordinal: Number(values.ordinal), weekday: Number(values.weekday) } : {}),
    campuses: values.campuses,
    startDate: values.startDate,
    endDate: values.endDate,
    startTime: values.startTime,
    endTime: values.endTime,
    name: values.name.trim(),
    lines: values.lines.map((line) => ({
      planningGroups: line.planningGroups,
      teachers: line.teachers,
      rooms: line.rooms,
      schoolSubject: line.schoolSubject || null,
      lessonType: line.lessonType,
      remote: line.remote,
      ...(line.description.trim() ? { description: line.description.trim() } : {}),
    })),
  };
}
