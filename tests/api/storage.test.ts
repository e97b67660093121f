import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { pdfBytes, pngBytes, UploadClient, uploadProbe } from '../support/uploads.js';

// Issue #11: the core's file storage (local driver) and upload routes.

let app: TestApp;
let storageDir: string;
let fr: UploadClient;
let en: UploadClient;
// Received files wait in the temporary folder: this file's own while it runs, to see it emptied.
let uploadsDir: string;
const previousTmpdir = process.env.TMPDIR;
beforeAll(async () => {
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'alterna-tmp-'));
  process.env.TMPDIR = uploadsDir;
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'alterna-files-'));
  app = await startTestApp({ STORAGE_DIR: storageDir }, [uploadProbe]);
  fr = new UploadClient(app.baseUrl, 'fr');
  await fr.login(demo('pedagogy'));
  en = new UploadClient(app.baseUrl, 'en');
  await en.login(demo('pedagogy'));
});
afterAll(async () => {
  await app.close();
  // The worker process may run other files next.
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  await fs.rm(storageDir, { recursive: true, force: true });
  await fs.rm(uploadsDir, { recursive: true, force: true });
});
const waiting = async () => (await fs.readdir(uploadsDir)).filter((name) => name.startsWith('alterna-upload-'));

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const storedRows = () => app.core.db.knex('stored_files').where({ module: 'upload-probe' }).orderBy('created_at');
async function storedKeys(): Promise<string[]> {
  const entries = await fs.readdir(storageDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(storageDir, path.join(e.parentPath, e.name))).sort();
}
async function healthy(): Promise<boolean> {
  return (await fetch(`${app.baseUrl}/api/health`)).status !== 500;
}

describe('uploading and downloading stored files', () => {
  it('stores a PDF and a PNG (row, bytes and sha256) and gives them back identical, as attachments', async () => {
    for (const [bytes, name, type] of [[pdfBytes, 'Justificatif médical.pdf', 'application/pdf'], [pngBytes, '../../scan\u202E.png', 'image/png']] as const) {
      const sent = await fr.upload('/api/upload-probe/documents', { bytes, name, type: 'application/x-whatever' }, { label: ' Arrêt ', pages: '2', urgent: 'true' });
      expect(sent.status).toBe(200);
      const { file } = sent.json;
      expect(sent.json.body).toEqual({ label: 'Arrêt', pages: 2, urgent: true });
      expect(file).toMatchObject({ filename: name.replace('../../', '').replace('\u202E', ''), contentType: type, size: bytes.length, sha256: sha256(bytes) });
      expect(new Date(file.createdAt).toISOString()).toBe(file.createdAt);

      const row = await app.core.db.knex('stored_files').where({ id: file.id }).first();
      expect(row).toMatchObject({ module: 'upload-probe', content_type: type, sha256: sha256(bytes), filename: file.filename });
      expect(Number(row.size)).toBe(bytes.length);
      expect(row.uploaded_by).toBeTruthy();
      // The key is the server's (YYYY/MM/uuid), nothing of the name.
      expect(row.storage_key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect(sha256(await fs.readFile(path.join(storageDir, row.storage_key)))).toBe(sha256(bytes));

      const back = await fr.send('GET', `/api/upload-probe/documents/${file.id}`);
      expect(back.status).toBe(200);
      expect(back.bytes.equals(bytes)).toBe(true);
      expect(back.headers.get('content-type')).toBe(type);
      expect(back.headers.get('content-length')).toBe(String(bytes.length));
      expect(back.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
      expect(back.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // RFC 6266: a name beyond ASCII travels in UTF-8 (filename*) after an ASCII fallback; never a raw Latin-1 byte.
    expect((await fr.send('GET', `/api/upload-probe/documents/${(await storedRows())[0].id}`)).headers.get('content-disposition'))
      .toBe(`attachment; filename="Justificatif medical.pdf"; filename*=UTF-8''${encodeURIComponent('Justificatif médical.pdf')}`);
    const greek = await fr.upload('/api/upload-probe/documents', { bytes: pdfBytes, name: 'βεβαίωση.pdf' }, { label: 'x' });
    expect((await fr.send('GET', `/api/upload-probe/documents/${greek.json.file.id}`)).headers.get('content-disposition'))
      .toBe(`attachment; filename="________.pdf"; filename*=UTF-8''${encodeURIComponent('βεβαίωση.pdf')}`);
  });

  it('streams a large file to a temporary copy, then to storage, identical; no copy is left, stored or refused', async () => {
    const large = Buffer.concat([pdfBytes, crypto.randomBytes(3 * 1024 * 1024)]);
    const sent = await fr.upload('/api/upload-probe/large', { bytes: large, name: 'gros.pdf' });
    expect(sent.status).toBe(200);
    expect(sent.json.file).toMatchObject({ filename: 'gros.pdf', contentType: 'application/pdf', size: large.length, sha256: sha256(large) });
    expect((await fr.send('GET', `/api/upload-probe/documents/${sent.json.file.id}`)).bytes.equals(large)).toBe(true);
    expect(await waiting()).toEqual([]);
    // Refused after reading (too large for the route, or not an accepted kind): its copy goes too.
    expect((await fr.upload('/api/upload-probe/documents', { bytes: large, name: 'gros.pdf' }, { label: 'x' })).status).toBe(413);
    expect((await fr.upload('/api/upload-probe/large', { bytes: Buffer.concat([pngBytes, crypto.randomBytes(2 * 1024 * 1024)]), name: 'x.pdf' })).status).toBe(422);
    await vi.waitFor(async () => expect(await waiting()).toEqual([]));
  });

  it('gives the file service: info, remove (row and bytes), then 404 in the user language', async () => {
    const sent = await fr.upload('/api/upload-probe/documents', { bytes: pdfBytes, name: 'a.pdf' }, { label: 'x' });
    const { id } = sent.json.file;
    expect(await app.core.deps.files.info(id)).toEqual(sent.json.file);
    expect(await app.core.deps.files.info('not-a-uuid')).toBeNull();
    const key = (await app.core.db.knex('stored_files').where({ id }).first()).storage_key;
    expect(await storedKeys()).toContain(key);
    expect((await fr.send('DELETE', `/api/upload-probe/documents/${id}`)).status).toBe(204);
    expect(await app.core.deps.files.info(id)).toBeNull();
    expect(await storedKeys()).not.toContain(key);
    const gone = await en.send('GET', `/api/upload-probe/documents/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.json.errors).toEqual([{ path: '', message: 'Not found.' }]);
    await expect(app.core.deps.files.download('not-a-uuid')).rejects.toMatchObject({ status: 404 });
  });

  it('removes the bytes when the transaction that saved the file rolls back, and keeps them when a removal rolls back', async () => {
    const before = await storedKeys();
    const refused = await fr.upload('/api/upload-probe/rollback', { bytes: pdfBytes, name: 'a.pdf' });
    expect(refused.status).toBe(422);
    await vi.waitFor(async () => expect(await storedKeys()).toEqual(before));

    const stored = await app.core.deps.files.save({ filename: 'b.pdf', contentType: 'application/pdf', size: pdfBytes.length, bytes: pdfBytes }, { module: 'upload-probe', actorId: null });
    await expect(app.core.db.knex.transaction(async (trx) => {
      await app.core.deps.files.remove(stored.id, trx);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await app.core.deps.files.info(stored.id)).toEqual(stored);
    expect((await fr.send('GET', `/api/upload-probe/documents/${stored.id}`)).bytes.equals(pdfBytes)).toBe(true);
    await app.core.db.knex.transaction((trx) => app.core.deps.files.remove(stored.id, trx));
    await vi.waitFor(async () => expect(await storedKeys()).toEqual(before));
  });
});

describe('what an upload route refuses', () => {
  it('a file whose bytes are not an accepted kind, whatever its name says (sniffed), in French and English', async () => {
    const before = (await storedRows()).length;
    const text = { bytes: Buffer.from('Ceci est un certificat, promis.\n'), name: 'certificat.pdf', type: 'application/pdf' };
    const frenchly = await fr.upload('/api/upload-probe/documents', text, { label: 'x' });
    expect(frenchly.status).toBe(422);
    expect(frenchly.json.errors).toEqual([{ path: 'file', message: "Ce type de fichier n'est pas accepté : envoyez un fichier PDF ou PNG." }]);
    const englishly = await en.upload('/api/upload-probe/documents', { ...text, bytes: Buffer.from('MZ\x90\x00 an executable') }, { label: 'x' });
    expect(englishly.json.errors).toEqual([{ path: 'file', message: 'This kind of file is not accepted: send a PDF or PNG file.' }]);
    expect((await storedRows()).length).toBe(before);
  });

  it('a file over the limit, with 413 and the limit in MB, stored nowhere', async () => {
    const rows = (await storedRows()).length;
    const keys = await storedKeys();
    // Past maxBytes but within what the announced length allows: busboy stops at the limit.
    const big = Buffer.concat([pdfBytes, Buffer.alloc(200 * 1024, 0x20)]);
    const frenchly = await fr.upload('/api/upload-probe/documents', { bytes: big, name: 'big.pdf' }, { label: 'x' });
    expect(frenchly.status).toBe(413);
    expect(frenchly.json.errors).toEqual([{ path: 'file', message: 'Le fichier est trop volumineux : 0,1 Mo au plus.' }]);
    // Announced far larger: refused before reading.
    const huge = await en.upload('/api/upload-probe/optional', { bytes: Buffer.concat([pdfBytes, Buffer.alloc(3 * 1024 * 1024)]), name: 'huge.pdf' });
    expect(huge.status).toBe(413);
    expect(huge.json.errors).toEqual([{ path: 'file', message: 'The file is too large: at most 1.5 MB.' }]);
    // Sent in chunks with no length announced: still stopped at the limit.
    const boundary = 'chunked-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const chunks = [head, pdfBytes, ...Array.from({ length: 8 }, () => Buffer.alloc(32 * 1024, 0x20)), Buffer.from(`\r\n--${boundary}--\r\n`)];
    const stream = new ReadableStream({ pull(controller) { const next = chunks.shift(); if (next) controller.enqueue(new Uint8Array(next)); else controller.close(); } });
    const chunked = await en.send('POST', '/api/upload-probe/documents', stream as unknown as BodyInit, {
      'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest',
    }, { duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(chunked.json.errors[0]).toEqual({ path: 'file', message: 'The file is too large: at most 0.1 MB.' });
    expect((await storedRows()).length).toBe(rows);
    expect(await storedKeys()).toEqual(keys);
  });

  it('a missing file when required, reported with the fields\' problems; none is fine when optional', async () => {
    const missing = await fr.upload('/api/upload-probe/documents', null, { pages: 'trois' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual([
      { path: 'label', message: 'Cette valeur ne doit pas être vide.' },
      { path: 'pages', message: 'Cette valeur doit être un nombre.' },
      { path: 'file', message: "Aucun fichier n'a été téléchargé." },
    ]);
    // An empty file input: a part with no name and no bytes.
    const empty = await en.upload('/api/upload-probe/documents', { bytes: Buffer.alloc(0), name: '' }, { label: 'x' });
    expect(empty.json.errors).toEqual([{ path: 'file', message: 'No file was uploaded.' }]);
    const optional = await en.upload('/api/upload-probe/optional', null, { note: 'hello' });
    expect(optional.status).toBe(200);
    expect(optional.json).toEqual({ file: null, body: { note: 'hello' } });
  });

  it('anything but multipart with the scripted-POST header, and other sites\' requests', async () => {
    const form = await en.upload('/api/upload-probe/documents', { bytes: pdfBytes, name: 'a.pdf' }, { label: 'x' }, { 'x-requested-with': '' });
    expect(form.status).toBe(415);
    expect(form.json.errors).toEqual([{ path: '', message: 'Unsupported content type: send the file from the application (multipart/form-data).' }]);
    const json = await fr.send('POST', '/api/upload-probe/documents', JSON.stringify({ label: 'x' }), { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' });
    expect(json.status).toBe(415);
    expect(json.json.errors[0].message).toBe("Type de contenu non accepté : envoyez le fichier depuis l'application (multipart/form-data).");
    const crossSite = await en.upload('/api/upload-probe/documents', { bytes: pdfBytes, name: 'a.pdf' }, { label: 'x' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    // A multipart body on a route that is not an upload route is refused unread.
    const elsewhere = await en.upload('/api/language', { bytes: pdfBytes, name: 'a.pdf' }, { language: 'en' });
    expect(elsewhere.status).toBe(415);
    // Not logged in: refused before the body is read.
    const anonymous = await new UploadClient(app.baseUrl, 'en').upload('/api/upload-probe/documents', { bytes: pdfBytes, name: 'a.pdf' }, { label: 'x' });
    expect(anonymous.status).toBe(401);
  });

  it('a second file, a file under another name, too many or too long fields', async () => {
    const form = new FormData();
    form.append('label', 'x');
    form.append('file', new Blob([new Uint8Array(pdfBytes)]), 'a.pdf');
    form.append('file', new Blob([new Uint8Array(pdfBytes)]), 'b.pdf');
    const two = await en.send('POST', '/api/upload-probe/documents', form, { 'x-requested-with': 'XMLHttpRequest' });
    expect(two.status).toBe(422);
    expect(two.json.errors).toEqual([{ path: 'file', message: 'Only one file is accepted, in the field “file”.' }]);
    const other = new FormData();
    other.append('attachment', new Blob([new Uint8Array(pdfBytes)]), 'a.pdf');
    expect((await en.send('POST', '/api/upload-probe/documents', other, { 'x-requested-with': 'XMLHttpRequest' })).json.errors)
      .toEqual([{ path: 'attachment', message: 'Only one file is accepted, in the field “file”.' }]);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'v']));
    const tooMany = await fr.upload('/api/upload-probe/documents', { bytes: pdfBytes, name: 'a.pdf' }, many);
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.errors).toEqual([{ path: '', message: 'Le formulaire a trop de champs (au plus 20).' }]);
    const tooLong = await en.upload('/api/upload-probe/documents', { bytes: pdfBytes, name: 'a.pdf' }, { label: 'é'.repeat(6000) });
    expect(tooLong.status).toBe(413);
    expect(tooLong.json.errors).toEqual([{ path: 'label', message: 'This field is too long (at most 10 KB).' }]);
  });

  it('garbage multipart with a 4xx, and the server goes on', async () => {
    const multipart = (body: string | Buffer, type = 'multipart/form-data; boundary=XYZ') =>
      en.send('POST', '/api/upload-probe/documents', typeof body === 'string' ? body : new Uint8Array(body), { 'content-type': type, 'x-requested-with': 'XMLHttpRequest' });
    const answers = [
      await multipart('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short'),
      await multipart('no boundary anywhere in this body'),
      await multipart('--XYZ\r\nno headers end\r\n', 'multipart/form-data'),
      await multipart(crypto.randomBytes(4096)),
      await multipart('--XYZ\r\nContent-Disposition: form-data; name="label"\r\n\r\nx\r\n--XYZ--\r\n', 'multipart/form-data; boundary='),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.json.errors[0].message).toEqual(expect.any(String));
    }
    expect(answers[0]!.json.errors).toEqual([{ path: '', message: 'The form sent could not be read.' }]);
    expect(answers[2]!.status).toBe(400);
    expect(await healthy()).toBe(true);
  });
});
