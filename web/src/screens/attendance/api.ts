import type { MyAttendanceLine, QrCode, SheetPage, TeacherLesson } from '@alterna/attendance/types';
import type { LineStatus } from '@alterna/attendance/validation';
import { requestJson } from '../../shared/http';
import type { Strokes } from '../../shared/SignaturePad';

export type { MyAttendanceLine, QrCode, SheetLine, SheetPage, TeacherLesson } from '@alterna/attendance/types';

/** The teacher's own sheet of a lesson (SPEC §2 `/my-courses/{schoolSubject}/seances/{lesson}/attendance`). */
const sheetUrl = (subjectId: string, lessonId: string, rest = '') =>
  `/api/my-courses/${encodeURIComponent(subjectId)}/seances/${encodeURIComponent(lessonId)}/attendance${rest}`;

export const loadDay = (date: string | null) => requestJson<{ date: string; lessons: TeacherLesson[] }>('GET', `/api/my-courses/lessons${date ? `?date=${date}` : ''}`);
export const loadSheet = (subjectId: string, lessonId: string) => requestJson<SheetPage>('GET', sheetUrl(subjectId, lessonId));
export const openSheet = (subjectId: string, lessonId: string) => requestJson<SheetPage>('POST', sheetUrl(subjectId, lessonId), {});

export interface LineChange {
  id: string;
  status: LineStatus;
  arrivedAt?: string | null;
  leftAt?: string | null;
  exitFrom?: string | null;
  exitTo?: string | null;
}

export const saveLines = (subjectId: string, lessonId: string, lines: LineChange[]) => requestJson<SheetPage>('POST', sheetUrl(subjectId, lessonId, '/lines'), { lines });
export const loadQr = (subjectId: string, lessonId: string) => requestJson<QrCode>('GET', sheetUrl(subjectId, lessonId, '/qr'));
export const signOnDevice = (subjectId: string, lessonId: string, lineId: string, strokes: Strokes) =>
  requestJson<SheetPage>('POST', sheetUrl(subjectId, lessonId, `/signatures/${encodeURIComponent(lineId)}`), { strokes });
export const closeSheet = (subjectId: string, lessonId: string, strokes: Strokes) => requestJson<SheetPage>('POST', sheetUrl(subjectId, lessonId, '/close'), { strokes });

export const checkIn = (scan: { lesson: string; window: number; code: string }) => requestJson<{ lessonId: string; signed: boolean }>('POST', '/api/attendance/check-in', scan);
export const signMine = (lessonId: string, strokes: Strokes) => requestJson<{ signed: true }>('POST', `/api/my-attendance/${encodeURIComponent(lessonId)}/signature`, { strokes });
export const loadMine = () => requestJson<{ lines: MyAttendanceLine[] }>('GET', '/api/my-attendance');
