// Shapes the module hands out (type-only: the web client imports them without server code).
import type { NewsRecipient, NewsType } from './validation/rules.js';

export type { NewsInput } from './validation/index.js';
export type { NewsBlockType, NewsRecipient, NewsType } from './validation/rules.js';

export interface NamedRef {
  id: string;
  name: string;
}

export interface NewsFileInfo {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

/** A news item as staff manage it. */
export interface NewsItem {
  id: string;
  type: NewsType;
  title: string;
  /** The Editor.js data of a page (cleaned blocks), for the editor. */
  content: { blocks: unknown[] } | null;
  /** A page's sanitised HTML. */
  html: string | null;
  link: string | null;
  file: NewsFileInfo | null;
  recipients: NewsRecipient[];
  campuses: NamedRef[];
  trainings: NamedRef[];
  trainingGroups: NamedRef[];
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The viewer manages every campus of it (edit, publish, delete). */
  canManage: boolean;
}

/** A news item as its readers see it. */
export interface NewsArticle {
  id: string;
  type: NewsType;
  title: string;
  html: string | null;
  link: string | null;
  file: NewsFileInfo | null;
  publishedAt: string;
}

export interface NewsFormOptions {
  campuses: NamedRef[];
  trainings: (NamedRef & { campusIds: string[] })[];
  trainingGroups: (NamedRef & { campusId: string; trainingId: string })[];
}
