import JSZip from 'jszip';
import type { TestApp } from '../app.js';
import { lessonNow, scribble } from './fixtures.js';
import { ApiClient } from '../app.js';
import { nowMs } from '@alterna/core/clock';

// The PDF readers live in their own file so that a unit test reads PDFs without the app; the API tests take them here.
export { pdfText, pdfTextRuns, type PdfTextRun } from '../pdf-text.js';

/** POSTs the export as `client`'s session would (cookie of a logged-in ApiClient) and answers the raw bytes. */
export async function postForZip(baseUrl: string, cookie: string, path: string, body: unknown, language = 'fr') {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language, cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The session cookie of a fresh login (the export answers bytes, which ApiClient reads as text). */
export async function sessionCookie(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'alterna-demo' }),
  });
  if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** The zip's entries by name. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await JSZip.loadAsync(zip);
  const entries = new Map<string, Buffer>();
  for (const [name, file] of Object.entries(archive.files)) if (!file.dir) entries.set(name, await file.async('nodebuffer'));
  return entries;
}

/** The file name a Content-Disposition header gives (RFC 6266 `filename*` first). */
export function attachmentName(header: string | null): string | null {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? null;
}

/**
 * A lesson of `campus` whose sheet its teacher opened and closed: the first student signed on the tablet, the second
 * marked late, the others left unmarked (absent on closing).
 */
export async function closedSheet(app: TestApp, campus: 'paris' | 'lyon' = 'paris', students = 3) {
  const lesson = await lessonNow(app, campus, students);
  const teacher = new ApiClient(app.baseUrl, 'en');
  await teacher.login(lesson.teacherEmail);
  const opened = await teacher.post(lesson.mine);
  if (opened.status !== 200) throw new Error(`open: ${opened.status} ${opened.text}`);
  const lineOf = (studentId: string) => opened.json.sheet.lines.find((l: any) => l.student.id === studentId);
  const [first, second] = lesson.students;
  if (first) await teacher.request('POST', `${lesson.mine}/signatures/${lineOf(first.studentId).id}`, { strokes: scribble(2) }, { 'user-agent': 'Tablet/2.0' });
  if (second) await teacher.post(`${lesson.mine}/${lineOf(second.studentId).id}/retard`, { arrivedAt: new Date(nowMs() - 60_000).toISOString(), comment: 'Bus en retard' });
  const closed = await teacher.post(`${lesson.mine}/close`, { strokes: scribble(3) });
  if (closed.status !== 200) throw new Error(`close: ${closed.status} ${closed.text}`);
  return lesson;
}
