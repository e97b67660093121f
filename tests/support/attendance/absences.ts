import type { TestApp } from '../app.js';
import { ApiClient } from '../app.js';
import { lessonNow, scribble } from './fixtures.js';
import { nowMs } from '@alterna/core/clock';

/** The smallest PDF a sniffer recognises, and a 1x1 PNG: documents a student attaches. */
export const tinyPdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export const loggedIn = async (app: TestApp, email: string, language = 'fr') => {
  const client = new ApiClient(app.baseUrl, language);
  await client.login(email);
  return client;
};

/** A closed sheet of a lesson now: the first student late, the second absent, the third present. */
export async function closedSheet(app: TestApp, campus: 'paris' | 'lyon' = 'paris') {
  const lesson = await lessonNow(app, campus, 3);
  const teacher = await loggedIn(app, lesson.teacherEmail);
  const { json } = await teacher.post(lesson.mine);
  const byStudent = new Map(json.sheet.lines.map((line: any) => [line.student.id, line.id]));
  const [late, absent, present] = lesson.students;
  const lines = [
    { id: byStudent.get(late!.studentId), status: 'late', arrivedAt: new Date(nowMs() - 60_000).toISOString() },
    { id: byStudent.get(absent!.studentId), status: 'absent' },
    { id: byStudent.get(present!.studentId), status: 'present' },
  ];
  const saved = await teacher.post(`${lesson.mine}/lines`, { lines });
  if (saved.status !== 200) throw new Error(`save: ${saved.text}`);
  const closed = await teacher.post(`${lesson.mine}/close`, { strokes: scribble(2) });
  if (closed.status !== 200) throw new Error(`close: ${closed.text}`);
  return { ...lesson, late: late!, absent: absent!, present: present!, lineOf: (studentId: string) => byStudent.get(studentId) as string };
}

/** A multipart upload as the web client sends it (the scripted-request header, the session cookie). */
export async function upload(client: ApiClient, path: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return client.request('POST', path, form, { 'x-requested-with': 'XMLHttpRequest' });
}
