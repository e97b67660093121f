// Shapes the module hands out (API answers), shared with the web client.
import type { MarkStatus } from './validation/index.js';

export type { MarkStatus, MarkSheetInput, AppraisalInput, ReportCardsExportInput } from './validation/index.js';

/** An exam in the teacher's list of exams to grade. */
export interface GradableExam {
  id: string;
  title: string;
  date: string;
  subject: string;
  teacher: string;
  semester: number | null;
  /** Marks entered so far. */
  marks: number;
}

/** An exam's marks sheet. */
export interface ExamSheet {
  exam: { id: string; title: string; date: string; subject: string; coefficient: number; campusId: string; teacher: string };
  setting: { gradeScaleElementId: string | null; semester: number } | null;
  /** Grade scale elements of the trainings of the exam's groups. */
  elements: { id: string; name: string; coefficient: number; training: string }[];
  /** `appraisal`: the student's appraisal on the exam's element for its semester (null when none or not tied yet). */
  students: { id: string; firstName: string; lastName: string; status: MarkStatus | null; value: number | null; appraisal: string | null }[];
  canWrite: boolean;
}

/** A mark as the student sees it. */
export interface StudentMark {
  examId: string;
  title: string;
  date: string;
  subject: string;
  coefficient: number;
  status: MarkStatus;
  value: number | null;
  semester: number | null;
  element: string | null;
}

/** A report card line: a grade scale element with the student's average. */
export interface ReportCardSubject {
  elementId: string;
  name: string;
  coefficient: number;
  average: number | null;
  appraisal: string | null;
}

/** A student's report card for a semester (SPEC §3: semesters 1 to 4). */
export interface ReportCard {
  student: { id: string; firstName: string; lastName: string };
  trainingGroup: { id: string; name: string };
  training: { id: string; name: string };
  semester: number;
  subjects: ReportCardSubject[];
  general: number | null;
  rank: number | null;
  groupSize: number;
  appraisal: string | null;
}

/** An apprentice the actor follows (coach, company tutor, corporation contact), in their latest training group. */
export interface FollowedStudent {
  id: string;
  firstName: string;
  lastName: string;
  trainingGroup: string;
}

/** A followed apprentice's marks (newest first) and report cards. */
export interface FollowedStudentMarks {
  student: FollowedStudent;
  marks: StudentMark[];
  reportCards: ReportCard[];
}

/** A training group as the report-card pages list it. */
export interface ReportCardGroup {
  id: string;
  name: string;
  training: string;
  /** The training session's name (`2026-2027`): last year's group may bear this year's name. */
  schoolYear: string;
  campusId: string;
}
