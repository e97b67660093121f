import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planSheets, type PastLesson } from './seed-plan.js';

const studentId = crypto.randomUUID();
const registrationId = crypto.randomUUID();
const lessonAt = (day: number): PastLesson => ({
  lessonId: crypto.randomUUID(), campusId: crypto.randomUUID(), teacherId: crypto.randomUUID(),
  startAt: new Date(Date.UTC(2026, 10, day, 8)), endAt: new Date(Date.UTC(2026, 10, day, 10)), students: [{ registrationId, studentId }],
});
const absences = (plan: ReturnType<typeof planSheets>) => plan.lines.filter((line) => line.status === 'absent');

describe('the demo attendance plan', () => {
  it('gives the demo student an absence, at their earliest lesson, when the draw gave none', () => {
    // Three lessons the draw (a hash of new ids) leaves the student present at.
    let lessons: PastLesson[] = [];
    do lessons = [lessonAt(12), lessonAt(5), lessonAt(19)];
    while (absences(planSheets(lessons)).length > 0);
    const plan = planSheets(lessons, new Set([studentId]));
    expect(absences(plan).map((line) => line.student_id)).toEqual([studentId]);
    const earliest = plan.sheets.find((sheet) => sheet.lesson_id === lessons[1]!.lessonId)!;
    expect(absences(plan)[0]!.sheet_id).toBe(earliest.id);
    // An absent student signs nothing on that sheet; the teacher still closes it.
    expect(plan.signatures.filter((s) => s.sheet_id === earliest.id).map((s) => s.method)).toEqual(['teacher']);
  });

  it('leaves the draw alone when it already made the student miss a lesson', () => {
    const missedLessons = (plan: ReturnType<typeof planSheets>) =>
      absences(plan).map((line) => plan.sheets.find((sheet) => sheet.id === line.sheet_id)!.lesson_id);
    let lessons: PastLesson[] = [];
    do lessons = [lessonAt(3), lessonAt(4), lessonAt(5), lessonAt(6)];
    while (absences(planSheets(lessons)).length !== 1);
    expect(missedLessons(planSheets(lessons, new Set([studentId])))).toEqual(missedLessons(planSheets(lessons)));
  });
});
