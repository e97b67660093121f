// Development only (`npm start` without SMTP_URL): an SMTP server in the process that keeps the last messages in
// memory, and the small inbox the core serves at /dev/mailbox, so a newcomer sees the mail the app sends.
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { SMTPServer } from 'smtp-server';
import { realNow } from '../clock.js';

export interface DevMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  receivedAt: Date;
  html: string | null;
  text: string | null;
}

export interface DevMailbox {
  /** `smtp://127.0.0.1:<port>`: the core's mailer sends there. */
  url: string;
  /** Newest first. */
  list(): DevMail[];
  get(id: number): DevMail | undefined;
  close(): Promise<void>;
}

/** A header as a person reads it: its RFC 2047 encoded words ('=?UTF-8?Q?L=C3=A9a?=') decoded. */
export const decodeWords = (value: string) =>
  // The space between two encoded words is dropped (RFC 2047 §6.2), not the one before plain text.
  value.replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=(?:\s+(?==\?))?/g, (_m, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

interface Part { headers: Map<string, string>; body: string }

/** A message or MIME part: its headers (unfolded, names in lower case) and its body. */
export function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The text/html and text/plain bodies of a message, multipart or not, transfer encodings undone. */
function bodies(part: Part, found: { html: string | null; text: string | null }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      // The line break before a delimiter belongs to the delimiter (RFC 2046).
      bodies(splitPart(chunk.replace(/^\r?\n/, '').replace(/\r?\n$/, '')), found);
    }
    return;
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const decoded = encoding === 'base64' ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(part.body) : part.body;
  if (/^text\/html/i.test(type)) found.html ??= decoded;
  else if (/^text\/plain/i.test(type)) found.text ??= decoded;
}

export async function startDevMailbox(options: { keep?: number; port?: number } = {}): Promise<DevMailbox> {
  const keep = options.keep ?? 2000;
  const mails: DevMail[] = [];
  let next = 1;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = splitPart(Buffer.concat(chunks).toString('utf8'));
        const found = { html: null as string | null, text: null as string | null };
        bodies(message, found);
        mails.unshift({
          id: next++,
          from: decodeWords(message.headers.get('from') ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : '')),
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(message.headers.get('subject') ?? ''),
          messageId: message.headers.get('message-id') ?? '',
          // The machine's time, as the database stamps the rows the message is about.
          receivedAt: new Date(realNow()),
          ...found,
        });
        if (mails.length > keep) mails.length = keep;
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      // A sender that drops its connection mid-message (a killed worker) is an 'error' event: without a listener it
      // would end the process.
      server.on('error', () => undefined);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    list: () => mails,
    get: (id) => mails.find((mail) => mail.id === id),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}td,th{padding:6px 8px;border-bottom:1px solid #ddd;text-align:left;font-size:14px}
a{color:#1c7ed6}iframe{width:100%;height:70vh;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f6f6f6;padding:12px}.muted{color:#777}</style></head><body>${body}</body></html>`;

/** GET /dev/mailbox (the list), /dev/mailbox/:id (one message), /dev/mailbox/:id/html (its HTML, sandboxed). */
export function devMailboxRoutes(router: Router, mailbox: DevMailbox): void {
  router.get('/dev/mailbox', (ctx) => {
    const rows = mailbox
      .list()
      .slice(0, 500)
      .map((mail) => `<tr><td class="muted">${mail.receivedAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escape(mail.to.join(', '))}</td><td><a href="/dev/mailbox/${mail.id}">${escape(mail.subject || '(no subject)')}</a></td></tr>`)
      .join('');
    ctx.type = 'html';
    ctx.set('cache-control', 'no-store');
    ctx.body = page('Development mailbox', `<h1>Development mailbox</h1><p class="muted">Every message the app sent since it started (${mailbox.list().length}), newest first. Set SMTP_URL to send real mail.</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3" class="muted">No message yet.</td></tr>'}</tbody></table>`);
  });
  router.get('/dev/mailbox/:id', (ctx) => {
    const mail = mailbox.get(Number(ctx.params.id));
    if (!mail) return;
    ctx.type = 'html';
    ctx.body = page(mail.subject, `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escape(mail.subject)}</h1>
<p><b>From</b> ${escape(mail.from)}<br><b>To</b> ${escape(mail.to.join(', '))}<br><b>Message-ID</b> ${escape(mail.messageId)}<br><b>Received</b> ${mail.receivedAt.toISOString()}</p>
${mail.html !== null ? `<iframe sandbox src="/dev/mailbox/${mail.id}/html" title="message"></iframe>` : ''}${mail.text !== null ? `<h2>Text</h2><pre>${escape(mail.text)}</pre>` : ''}`);
  });
  router.get('/dev/mailbox/:id/html', (ctx) => {
    const mail = mailbox.get(Number(ctx.params.id));
    if (!mail?.html) return;
    ctx.type = 'html';
    // The message's own HTML: no script, framed only by the inbox page.
    ctx.set('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'self'");
    ctx.remove('x-frame-options');
    ctx.body = mail.html;
  });
}
