import { describe, expect, it } from 'vitest';
import { markSheetSchema } from './index.js';

const id = '00000000-0000-4000-8000-000000000001';
const errors = async (value: unknown) => {
  try {
    await markSheetSchema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; errors: string[] }[] }).inner.map((e) => [e.path, e.errors[0]]);
  }
};

describe('the marks sheet schema (shared by the grid and the server)', () => {
  it('takes a mark from 0 to 20 with two decimals, a blank, absent or excused without a mark', async () => {
    expect(await errors({ gradeScaleElementId: id, semester: 4, marks: [
      { studentId: id, status: 'present', value: 0 }, { studentId: id, status: 'present', value: 20 }, { studentId: id, status: 'present', value: 12.25 },
      { studentId: id, status: 'present', value: null }, { studentId: id, status: 'absent', value: null }, { studentId: id, status: 'excused' },
    ] })).toEqual([]);
  });

  it('refuses a mark off the scale or with three decimals, a mark for an absent student, semesters other than 1 to 4', async () => {
    expect(await errors({ gradeScaleElementId: id, semester: 0, marks: [
      { studentId: id, status: 'present', value: 20.01 }, { studentId: id, status: 'present', value: 10.125 }, { studentId: id, status: 'excused', value: 10 },
      { studentId: 'x', status: 'late', value: -1 },
    ] })).toEqual([
      ['semester', 'marks.validation.semester'],
      ['marks[0].value', 'marks.validation.value'],
      ['marks[1].value', 'marks.validation.value'],
      ['marks[2].value', 'marks.validation.noMarkWhenAbsent'],
      ['marks[3].studentId', 'marks.validation.id'],
      ['marks[3].status', 'marks.validation.status'],
      ['marks[3].value', 'marks.validation.value'],
    ]);
    expect(await errors({ gradeScaleElementId: id, semester: 5, marks: [] })).toEqual([['semester', 'marks.validation.semester']]);
  });
});
