import type { ExamSheet, FollowedStudent, FollowedStudentMarks, GradableExam, ReportCard, ReportCardGroup, StudentMark } from '@alterna/marks/types';
import type { Operation } from '@alterna/core/operations/types';
import type { ActorSpace, PageId } from '../../pages';
import { requestJson } from '../../shared/http';

export type { ExamSheet, FollowedStudent, FollowedStudentMarks, GradableExam, ReportCard, ReportCardGroup, StudentMark } from '@alterna/marks/types';

const enc = encodeURIComponent;

export const loadGradableExams = () => requestJson<{ exams: GradableExam[] }>('GET', '/api/marks/exams');
export const examSheetUrl = (exam: string) => `/api/marks/exams/${enc(exam)}`;
export const loadExamSheet = (exam: string) => requestJson<ExamSheet>('GET', examSheetUrl(exam));

export const loadMyMarks = () => requestJson<{ marks: StudentMark[] }>('GET', '/api/my-marks');
/** SPEC §2's export, under the path of the page's language. */
export const myMarksExportUrl = (language: string) => (language === 'fr' ? '/api/mes-notes/export' : '/api/my-marks/export');
export const loadMyReportCards = () => requestJson<{ reportCards: ReportCard[] }>('GET', '/api/my-report-cards');

export const loadFollowedStudents = () => requestJson<{ students: FollowedStudent[] }>('GET', '/api/marks/followed');
export const loadFollowedStudent = (student: string) => requestJson<FollowedStudentMarks>('GET', `/api/marks/followed/${enc(student)}`);

/**
 * The page of each space that shows the marks and report cards of the apprentices one follows; link to one
 * apprentice with `search={{ student: id }}` (`?student=<id>`), e.g. `<PageLink page={followedMarksPage.coach} search={followedMarksSearch(id)}>`.
 */
export const followedMarksPage = {
  coach: 'marks.followedCoach', tutor: 'marks.followedTutor', corporation: 'marks.followedCorporation',
} as const satisfies Partial<Record<ActorSpace, PageId>>;
export const followedMarksSearch = (student: string) => ({ student });

export const loadReportCardGroups = () => requestJson<{ groups: ReportCardGroup[] }>('GET', '/api/report-cards/training-groups');
export const loadGroupReportCards = (group: string, semester: number) =>
  requestJson<{ group: ReportCardGroup; semester: number; cards: ReportCard[] }>('GET', `/api/report-cards/training-groups/${enc(group)}?semester=${semester}`);
export const startReportCardsExport = (group: string, body: { semester: number; withRank: boolean; requestId: string }) =>
  requestJson<{ operation: Operation }>('POST', `/api/report-cards/training-groups/${enc(group)}/export`, body);
export const loadOperation = (id: string) => requestJson<{ operation: Operation }>('GET', `/api/operations/${enc(id)}`);
export const exportDownloadUrl = (operation: string) => `/api/report-cards/exports/${enc(operation)}/download`;
export const saveAppraisal = (body: { trainingGroupId: string; studentId: string; semester: number; gradeScaleElementId: string | null; text: string }) =>
  requestJson<{ reportCard: ReportCard }>('POST', '/api/report-cards/appraisals', body);
