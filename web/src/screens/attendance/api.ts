import type { MyAttendanceLine, QrCode, SheetPage, TeacherLesson } from '@alterna/attendance/types';
import type { LineStatus } from '@alterna/attendance/validation';
import { requestJson } from '../../shared/http';
import type { Strokes } from '../../shared/SignaturePad';

export type { MyAttendanceLine, QrCode, SheetLine, SheetPage, TeacherLesson } from '@alterna/attendance/types';

/** Which lesson's sheet, and whose page it is: the teacher's own, or (with `teacherId`) a teacher's seen by staff. */
export interface SheetRef {
  subjectId: string;
  lessonId: string;
  teacherId?: string;
}

/** SPEC §2: the teacher's own `/my-courses/{schoolSubject}/seances/{lesson}/attendance`, staff's `/teacher/{teacher}/courses/…`. */
const sheetUrl = ({ subjectId, lessonId, teacherId }: SheetRef, rest = '') =>
  `/api/${teacherId ? `teacher/${encodeURIComponent(teacherId)}/courses` : 'my-courses'}/${encodeURIComponent(subjectId)}/seances/${encodeURIComponent(lessonId)}/attendance${rest}`;

export const loadDay = (date: string | null) => requestJson<{ date: string; lessons: TeacherLesson[] }>('GET', `/api/my-courses/lessons${date ? `?date=${date}` : ''}`);
export const loadSheet = (ref: SheetRef) => requestJson<SheetPage>('GET', sheetUrl(ref));
export const openSheet = (ref: SheetRef) => requestJson<SheetPage>('POST', sheetUrl(ref), {});

export interface LineChange {
  id: string;
  status: LineStatus;
  arrivedAt?: string | null;
  leftAt?: string | null;
  exitFrom?: string | null;
  exitTo?: string | null;
}

export const saveLines = (ref: SheetRef, lines: LineChange[]) => requestJson<SheetPage>('POST', sheetUrl(ref, '/lines'), { lines });
export const loadQr = (ref: SheetRef) => requestJson<QrCode>('GET', sheetUrl(ref, '/qr'));
export const signOnDevice = (ref: SheetRef, lineId: string, strokes: Strokes) =>
  requestJson<SheetPage>('POST', sheetUrl(ref, `/signatures/${encodeURIComponent(lineId)}`), { strokes });
export const closeSheet = (ref: SheetRef, strokes: Strokes) => requestJson<SheetPage>('POST', sheetUrl(ref, '/close'), { strokes });

export const checkIn = (scan: { lesson: string; window: number; code: string }) => requestJson<{ lessonId: string; signed: boolean }>('POST', '/api/attendance/check-in', scan);
export const signMine = (lessonId: string, strokes: Strokes) => requestJson<{ signed: true }>('POST', `/api/my-attendance/${encodeURIComponent(lessonId)}/signature`, { strokes });
export const loadMine = () => requestJson<{ lines: MyAttendanceLine[] }>('GET', '/api/my-attendance');
