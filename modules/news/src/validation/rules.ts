// Pure news rules (SPEC §3 News, §6 news form), shared by the server and the web client.
import { followerTypologies, staffTypologies, teacherTypologies } from '@alterna/core/validation';

export const newsTypes = ['page', 'file', 'link'] as const;
export type NewsType = (typeof newsTypes)[number];

/** SPEC §6 typology references: who a news item may be meant for, in the form's order. */
export const newsRecipients = ['student', ...teacherTypologies, ...followerTypologies, ...staffTypologies, 'referent'] as const;
export type NewsRecipient = (typeof newsRecipients)[number];

/** The Editor.js blocks a news page may hold (the web's tools carry the same names). */
export const newsBlockTypes = ['paragraph', 'header', 'list', 'image', 'linkTool'] as const;
export type NewsBlockType = (typeof newsBlockTypes)[number];

export const maxTitleLength = 200;
export const maxLinkLength = 2000;
export const maxBlocks = 300;
/** Editor.js images: what /api/editorjs/files/new accepts. */
export const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const maxImageBytes = 5 * 1024 * 1024;
/** A downloadable file news item's file. */
export const attachmentTypes = [
  'application/pdf', 'image/png', 'image/jpeg', 'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
] as const;
export const maxAttachmentBytes = 20 * 1024 * 1024;

/**
 * SPEC §6: the news type selects the fields shown ('Page news' the rich-text editor, 'Fichier à télécharger' the file
 * field, 'Lien' the link field); training and training-group fields only when 'student' is among the recipients.
 */
export function visibleNewsFields(type: NewsType | null | undefined, recipients: readonly string[]) {
  return {
    editor: type === 'page',
    file: type === 'file',
    link: type === 'link',
    trainings: recipients.includes('student'),
  };
}

export interface NewsFieldsInput {
  type?: string | null;
  content?: { blocks?: unknown[] } | null;
  fileId?: string | null;
  link?: string | null;
  recipients?: readonly string[] | null;
  trainingIds?: readonly string[] | null;
  trainingGroupIds?: readonly string[] | null;
}

/**
 * The news field rules as (path, key): the field the type selects is required (a page needs at least one block); the
 * training and group fields are for students only — sent with recipients that leave students out, they are refused
 * (the form hides and empties them; a client that still sends them is told so rather than silently ignored).
 */
export function newsFieldViolations(value: NewsFieldsInput): { path: string; key: string }[] {
  const violations: { path: string; key: string }[] = [];
  if (value.type === 'page' && !(value.content?.blocks?.length)) violations.push({ path: 'content', key: 'news.validation.contentRequired' });
  if (value.type === 'file' && !value.fileId) violations.push({ path: 'fileId', key: 'news.validation.fileRequired' });
  if (value.type === 'link' && !value.link) violations.push({ path: 'link', key: 'news.validation.linkRequired' });
  const { trainings } = visibleNewsFields(value.type as NewsType, value.recipients ?? []);
  if (!trainings) {
    if (value.trainingIds?.length) violations.push({ path: 'trainingIds', key: 'news.validation.studentsOnly' });
    if (value.trainingGroupIds?.length) violations.push({ path: 'trainingGroupIds', key: 'news.validation.studentsOnly' });
  }
  return violations;
}

/** An http(s) address (the link of a link news item, the link tool's page). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The path an uploaded Editor.js image is served from; the server maps it back to the stored file. */
export const newsImagePath = (fileId: string) => `/api/news/images/${fileId}`;
const imagePathPattern = /^\/api\/(?:news|actualites)\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** The stored file id of one of our image URLs (absolute on this site or a path), null for anything else. */
export function newsImageId(url: string): string | null {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  return imagePathPattern.exec(path)?.[1]?.toLowerCase() ?? null;
}
