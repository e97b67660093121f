// The development inbox's pages, served by the core at /dev/mailbox when `npm start` runs its SMTP sink.
import type Router from '@koa/router';
import type { DevMailbox } from './dev-mailbox.js';

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
