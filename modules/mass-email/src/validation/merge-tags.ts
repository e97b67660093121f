// Merge tags of a mass e-mail (the mailbox templates use the same literals): `{{firstName}}` and the like are
// replaced by the recipient's values, HTML-escaped in the HTML body. Pure: the server's preview and the sending
// activity use this one function, so the preview shows what is sent.

export const mergeTags = ['firstName', 'lastName', 'email', 'training', 'group', 'campus'] as const;
export type MergeTag = (typeof mergeTags)[number];
export type MergeValues = Record<MergeTag, string>;

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const tagPattern = /\{\{\s*(firstName|lastName|email|training|group|campus)\s*\}\}/g;

/** The text with every known tag replaced (unknown tags are left as written). */
export function fillMergeTags(text: string, values: MergeValues, html = false): string {
  return text.replace(tagPattern, (_match, tag: MergeTag) => (html ? escapeHtml(values[tag] ?? '') : values[tag] ?? ''));
}

/** A plain-text version of an HTML body, for the text part when none is given. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** One recipient's message: subject and text filled as they are, the HTML with escaped values. */
export function renderForRecipient(content: MailContent, values: MergeValues): MailContent {
  return {
    subject: fillMergeTags(content.subject, values),
    html: fillMergeTags(content.html, values, true),
    text: fillMergeTags(content.text || textOfHtml(content.html), values),
  };
}
