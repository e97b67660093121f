import { describe, expect, it } from 'vitest';
import { ValidationError, validate, type Translate } from '@alterna/core';
import { bookingFormSchema, bookingSchema, occupancyPeriodSchema, trainerConstraintEditSchema, trainerConstraintSchema, workStudySchema } from '../validation/resources.js';

// The key and its values stand for the sentence: what matters here is which rule spoke, and where.
const t = ((key: string, values?: Record<string, unknown>) => (values && Object.keys(values).length ? `${key} ${JSON.stringify(values)}` : key)) as unknown as Translate;

async function violations(schema: Parameters<typeof validate>[0], value: unknown) {
  try {
    await validate(schema, value, t);
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
}

const teacher = '0b7f6d1e-4a37-4a53-9d8b-1f5c0e9a2b11';

describe('occupancy period', () => {
  it('takes real days in order, at most 62 of them, shown by day, week or month', async () => {
    expect(await violations(occupancyPeriodSchema, { startDate: '2026-12-07', endDate: '2026-12-13', type: 'week' })).toEqual([]);
    expect(await violations(occupancyPeriodSchema, { startDate: '2026-12-01', endDate: '2027-01-31', type: 'month' })).toEqual([]);
    expect(await violations(occupancyPeriodSchema, { startDate: '2026-12-01', endDate: '2027-02-01', type: 'month' })).toEqual([
      { path: 'endDate', message: 'planning.resources.period.tooLong {"max":62}' },
    ]);
    expect(await violations(occupancyPeriodSchema, { startDate: '2026-12-13', endDate: '2026-12-07', type: 'year' })).toEqual([
      { path: 'endDate', message: 'planning.resources.period.endBeforeStart' },
      { path: 'type', message: 'planning.resources.period.type' },
    ]);
    expect(await violations(occupancyPeriodSchema, { startDate: '2026-02-30', endDate: 'x', type: 'day' })).toEqual([
      { path: 'startDate', message: 'validation.date' },
      { path: 'endDate', message: 'validation.date' },
    ]);
  });
});

describe('booking', () => {
  it('needs a title of at most 160 characters and instants with an offset, start before end, on one day', async () => {
    const ok = { title: 'Jury', startAt: '2026-12-07T09:00:00+01:00', endAt: '2026-12-07T11:00:00+01:00' };
    expect(await violations(bookingSchema, ok)).toEqual([]);
    expect(await violations(bookingSchema, { ...ok, title: ' ', endAt: '2026-12-07T08:00:00Z' })).toEqual([
      { path: 'title', message: 'validation.required' },
      { path: 'endAt', message: 'planning.resources.booking.endBeforeStart' },
    ]);
    expect(await violations(bookingSchema, { ...ok, title: 'x'.repeat(161), endAt: '2026-12-08T10:00:00+01:00' })).toEqual([
      { path: 'title', message: 'validation.max {"max":160}' },
      { path: 'endAt', message: 'planning.resources.booking.sameDay' },
    ]);
    expect(await violations(bookingSchema, { ...ok, startAt: '2026-12-07 09:00' })).toEqual([{ path: 'startAt', message: 'planning.resources.invalidInstant' }]);
  });

  it('the form asks a day and two times in order', async () => {
    expect(await violations(bookingFormSchema, { title: 'Jury', description: '', date: '2026-12-07', startTime: '10:00', endTime: '09:00' })).toEqual([
      { path: 'endTime', message: 'planning.resources.booking.endBeforeStart' },
    ]);
    expect(await violations(bookingFormSchema, { title: 'Jury', date: '2026-12-07', startTime: '9h', endTime: '' })).toEqual([
      { path: 'startTime', message: 'planning.resources.invalidTime' },
      { path: 'endTime', message: 'validation.required' },
    ]);
  });
});

describe('trainer constraint', () => {
  it('with the whole period, at least two days must be chosen', async () => {
    expect(await violations(trainerConstraintSchema, { teacher, allDay: true, startDate: '2026-12-07', endDate: '2026-12-07' })).toEqual([
      { path: 'endDate', message: 'planning.resources.constraint.twoDays {"min":2}' },
    ]);
    expect(await violations(trainerConstraintSchema, { teacher, allDay: true, startDate: '2026-12-07', endDate: '2026-12-08' })).toEqual([]);
    expect(await violations(trainerConstraintSchema, { teacher, allDay: true, startDate: '2026-12-08', endDate: '2026-12-07' })).toEqual([
      { path: 'endDate', message: 'planning.resources.period.endBeforeStart' },
    ]);
    expect(await violations(trainerConstraintSchema, { teacher, allDay: true, startDate: '2026-12-08' })).toEqual([{ path: 'endDate', message: 'validation.required' }]);
  });

  it('otherwise one day with a start and an end time in order; the trainer is a UUID', async () => {
    expect(await violations(trainerConstraintSchema, { teacher, allDay: false, startDate: '2026-12-07', startTime: '08:00', endTime: '12:00' })).toEqual([]);
    expect(await violations(trainerConstraintSchema, { teacher: 'nope', startDate: '2026-12-07', startTime: '12:00', endTime: '08:00' })).toEqual([
      { path: 'teacher', message: 'validation.uuid' },
      { path: 'endTime', message: 'planning.resources.constraint.endBeforeStart' },
    ]);
    expect(await violations(trainerConstraintSchema, { startDate: '2026-12-07' })).toEqual([
      { path: 'teacher', message: 'planning.resources.constraint.teacherRequired' },
      { path: 'startTime', message: 'validation.required' },
      { path: 'endTime', message: 'validation.required' },
    ]);
    expect(await violations(trainerConstraintEditSchema, { allDay: false, startDate: '2026-12-07', startTime: '08:00', endTime: '09:00', description: 'x'.repeat(2001) })).toEqual([
      { path: 'description', message: 'validation.max {"max":2000}' },
    ]);
  });
});

describe('work-study period', () => {
  it('days in order and a known type', async () => {
    const trainingGroup = teacher;
    expect(await violations(workStudySchema, { trainingGroup, startDate: '2026-12-07', endDate: '2026-12-07', type: 'Entreprise' })).toEqual([]);
    expect(await violations(workStudySchema, { trainingGroup, startDate: '2026-12-08', endDate: '2026-12-07', type: 'Holiday' })).toEqual([
      { path: 'endDate', message: 'planning.resources.period.endBeforeStart' },
      { path: 'type', message: 'planning.resources.workStudy.type' },
    ]);
    expect(await violations(workStudySchema, { startDate: '2026-12-07', endDate: '2026-12-09', type: 'Formation' })).toEqual([
      { path: 'trainingGroup', message: 'planning.resources.workStudy.trainingGroupRequired' },
    ]);
  });
});
