import { describe, expect, it } from 'vitest';
import { alertSettingsSchema, justificationSchema } from './absences.js';

const errorsOf = async (schema: typeof justificationSchema | typeof alertSettingsSchema, value: unknown) =>
  schema.validate(value, { abortEarly: false }).then(() => [], (error: { inner: { path: string; message: string }[] }) => error.inner.map((e) => [e.path, e.message]));

describe('justification dates (SPEC §5)', () => {
  it('takes a start on or before the end', async () => {
    expect(await errorsOf(justificationSchema, { reason: 'illness', startDate: '2026-11-20', endDate: '2026-11-20' })).toEqual([]);
    expect(await errorsOf(justificationSchema, { reason: 'family', startDate: '2026-11-20', endDate: '2026-11-27' })).toEqual([]);
  });

  it('refuses a start after the end, unreal days and unknown reasons', async () => {
    expect(await errorsOf(justificationSchema, { reason: 'illness', startDate: '2026-11-21', endDate: '2026-11-20' })).toEqual([['endDate', 'attendance.justification.datesOrder']]);
    expect(await errorsOf(justificationSchema, { reason: 'holidays', startDate: '2026-02-30', endDate: '2026-11-20' })).toEqual([
      ['reason', 'attendance.justification.reason'],
      ['startDate', 'attendance.validation.day'],
    ]);
  });
});

describe('alert thresholds', () => {
  it('are whole numbers within bounds', async () => {
    expect(await errorsOf(alertSettingsSchema, { unjustifiedHalfDays: 3, windowDays: 30, consecutiveAbsences: 2, justifyWithinDays: 5 })).toEqual([]);
    const errors = await errorsOf(alertSettingsSchema, { unjustifiedHalfDays: 0, windowDays: 366, consecutiveAbsences: 1.5, justifyWithinDays: 5 });
    expect(errors.map(([path]) => path).sort()).toEqual(['consecutiveAbsences', 'unjustifiedHalfDays', 'windowDays']);
  });
});
