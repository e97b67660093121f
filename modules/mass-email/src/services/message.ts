import type { Language, Translate } from '@alterna/core';
import { escapeHtml, type MailContent } from '../validation/index.js';

/** A written message is a fragment: it goes out as a whole HTML document (a template's already is one). */
export function asDocument(html: string, subject: string, language: Language): string {
  if (/<html[\s>]/i.test(html)) return html;
  return `<!doctype html>\n<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escapeHtml(subject)}</title></head><body>\n${html}\n</body></html>`;
}

/** One recipient's message as sent: a whole document, with the unsubscribe link at its foot and in the text. */
export function withUnsubscribeLink(content: MailContent, link: string, t: Translate, language: Language): MailContent {
  const label = t('mass-email.unsubscribe.footer');
  const footer = `<p style="font-size:12px;color:#666666;text-align:center;margin:24px 0">${escapeHtml(label)} <a href="${escapeHtml(link)}" style="color:#666666">${escapeHtml(t('mass-email.unsubscribe.link'))}</a></p>`;
  const html = asDocument(content.html, content.subject, language);
  const end = html.search(/<\/body>/i);
  return {
    subject: content.subject,
    html: end >= 0 ? `${html.slice(0, end)}${footer}${html.slice(end)}` : `${html}${footer}`,
    text: `${content.text.trimEnd()}\n\n--\n${label} ${link}\n`,
  };
}
