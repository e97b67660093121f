import type { MailTemplate, MailTemplateSummary, TemplateContent } from '@alterna/mailbox/types';
import { apiFetch, bodyViolations, readJson, requestForm, requestJson, ViolationError } from '../../shared/http';
import i18n from '../../i18n';

export type { MailTemplate, MailTemplateSummary } from '@alterna/mailbox/types';

const base = '/api/mailbox/mail-templates';
/** The empty page the editor writes its live preview into (served under the e-mail's policy). */
export const previewFrameUrl = `${base}/preview-frame`;
const enc = encodeURIComponent;

export interface TemplateBody {
  subject: string;
  subTitle: string;
  campusId: string | null;
  content: TemplateContent;
}

export const loadTemplates = () => requestJson<{ templates: MailTemplateSummary[] }>('GET', base);
export const loadTemplate = (id: string) => requestJson<{ template: MailTemplate }>('GET', `${base}/${enc(id)}`);
export const createTemplate = (body: TemplateBody) => requestJson<{ template: MailTemplate }>('POST', base, body);
export const updateTemplate = (id: string, body: TemplateBody) => requestJson<{ template: MailTemplate }>('PUT', `${base}/${enc(id)}`, body);
export const duplicateTemplate = (id: string) => requestJson<{ template: MailTemplate }>('POST', `${base}/${enc(id)}/duplicate`, {});
export const deleteTemplate = (id: string) => requestJson<void>('DELETE', `${base}/${enc(id)}`);
/** The stored template's HTML, as the server compiled it (SPEC §2 preview/{id}): an iframe's src. */
export const previewUrl = (id: string) => `${base}/preview/${enc(id)}`;

/** SPEC §7: the image goes to upload-file (multipart field `file`); the answer is `{ success, imageUrl }` or errors. */
export const uploadImage = (file: File, campusId: string | null) => {
  const form = new FormData();
  if (campusId) form.append('campusId', campusId);
  form.append('file', file);
  return requestForm<{ success: true; imageUrl: string }>(`${base}/upload-file`, form);
};

/** The unsaved tree compiled by the server's renderer: the HTML the editor's preview shows. */
export async function previewDraft(body: { subject: string; subTitle: string; content: TemplateContent }, signal?: AbortSignal): Promise<string> {
  const response = await apiFetch(`${base}/preview`, { method: 'POST', json: body, signal });
  if (response.ok) return response.text();
  const violations = response.status >= 500 ? [] : bodyViolations(await readJson(response));
  const message = response.status >= 500 ? i18n.t('errors.server500') : (violations[0]?.message ?? i18n.t('errors.http', { status: response.status }));
  throw new ViolationError(message, violations.length ? violations : [{ path: '', message }], response.status);
}
