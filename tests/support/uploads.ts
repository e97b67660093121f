import { defineModule, ValidationError, yup } from '@alterna/core';

// Upload routes of the tests only: a required PDF or PNG with text fields, an optional PDF, downloads and removal.

export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const pngBytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const probeMaxBytes = 64 * 1024;

export const uploadProbe = defineModule({
  name: 'upload-probe',
  dependsOn: ['identity'],
  permissions: [{ id: 'upload-probe.document.create', kind: 'change', typologies: ['pedagogy', 'student'] }],
  routes: [
    {
      name: 'upload_probe_create', method: 'post', path: '/upload-probe/documents', permission: 'upload-probe.document.create',
      upload: { maxBytes: probeMaxBytes, accept: ['application/pdf', 'image/png'], required: true },
      body: yup.object({ label: yup.string().trim().required(), pages: yup.number().integer().min(1), urgent: yup.boolean() }),
      async handler({ body, file, core, actor }) {
        const stored = await core.knex.transaction((trx) => core.files.save(file!, { module: 'upload-probe', actorId: actor!.id }, trx));
        return { file: stored, body };
      },
    },
    {
      name: 'upload_probe_optional', method: 'post', path: '/upload-probe/optional', permission: 'authenticated',
      upload: { maxBytes: 1024 * 1024 + 512 * 1024, accept: ['application/pdf'] },
      handler: ({ file, body }) => ({ file: file && { filename: file.filename, contentType: file.contentType, size: file.size }, body }),
    },
    {
      // Large files (the streamed path: temporary copy, then the store) — the storage tests and the upload bench.
      name: 'upload_probe_large', method: 'post', path: '/upload-probe/large', permission: 'authenticated',
      upload: { maxBytes: 300 * 1024 * 1024, accept: ['application/pdf'], required: true },
      async handler({ file, core, actor }) {
        return { file: await core.files.save(file!, { module: 'upload-probe', actorId: actor!.id }) };
      },
    },
    {
      // Saved, then the transaction fails: the bytes must not stay behind.
      name: 'upload_probe_rollback', method: 'post', path: '/upload-probe/rollback', permission: 'authenticated',
      upload: { maxBytes: probeMaxBytes, accept: ['application/pdf'], required: true },
      async handler({ file, core, actor }) {
        await core.knex.transaction(async (trx) => {
          await core.files.save(file!, { module: 'upload-probe', actorId: actor!.id }, trx);
          throw new ValidationError([{ path: '', message: 'refused after saving' }]);
        });
      },
    },
    {
      name: 'upload_probe_download', method: 'get', path: '/upload-probe/documents/:id', permission: 'authenticated', uuidParams: ['id'],
      handler: ({ params, core }) => core.files.download(params.id!),
    },
    {
      name: 'upload_probe_remove', method: 'delete', path: '/upload-probe/documents/:id', permission: 'authenticated', uuidParams: ['id'],
      handler: ({ params, core }) => core.files.remove(params.id!),
    },
  ],
});

export interface Answer {
  status: number;
  json: any;
  bytes: Buffer;
  headers: Headers;
}

/** A browser-like client for uploads: keeps the session cookie, sends the scripted-POST header unless told not to. */
export class UploadClient {
  private cookie = '';
  constructor(private readonly baseUrl: string, private readonly language = 'fr') {}

  async login(email: string, password = 'alterna-demo'): Promise<void> {
    const response = await this.send('POST', '/api/auth/login', JSON.stringify({ email, password }), { 'content-type': 'application/json' });
    if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status}`);
  }

  /** A multipart form with a file part `file` (unless null) and text fields. */
  upload(path: string, file: { bytes: Buffer; name: string; type?: string } | null, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
    return this.send('POST', path, form, { 'x-requested-with': 'XMLHttpRequest', ...headers });
  }

  async send(method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}, extra: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { 'accept-language': this.language, ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      body,
      ...extra,
    });
    const session = response.headers.getSetCookie().find((c) => c.startsWith('alterna_session='));
    if (session) this.cookie = session.split(';')[0]!;
    const bytes = Buffer.from(await response.arrayBuffer());
    let json: any = null;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      json = null;
    }
    return { status: response.status, json, bytes, headers: response.headers };
  }
}
