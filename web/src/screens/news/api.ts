import type { NewsArticle, NewsFileInfo, NewsFormOptions, NewsItem } from '@alterna/news/types';
import type { ActorSpace, PageId } from '../../pages';
import { requestForm, requestJson } from '../../shared/http';

export type { NewsArticle, NewsFileInfo, NewsFormOptions, NewsItem } from '@alterna/news/types';

const enc = encodeURIComponent;

export const loadNewsList = () => requestJson<{ news: NewsItem[] }>('GET', '/api/news');
export const loadNews = (id: string) => requestJson<{ news: NewsItem }>('GET', `/api/news/${enc(id)}`);
export const loadFormOptions = () => requestJson<NewsFormOptions>('GET', '/api/news/form-options');
export const createNews = (body: unknown) => requestJson<{ news: NewsItem }>('POST', '/api/news/new', body);
export const updateNews = (id: string, body: unknown) => requestJson<{ news: NewsItem }>('POST', `/api/news/${enc(id)}/edit`, body);
export const toggleNews = (id: string) => requestJson<{ news: NewsItem }>('POST', `/api/news/${enc(id)}/toggle`, {});
export const deleteNews = (id: string) => requestJson<void>('POST', `/api/news/${enc(id)}/delete`, {});
export const loadMyNews = (limit?: number) => requestJson<{ news: NewsArticle[] }>('GET', `/api/news/mine${limit ? `?limit=${limit}` : ''}`);
export const newsFileUrl = (id: string) => `/api/news/${enc(id)}/file`;

/** A downloadable file news item's file, sent before the item is saved. */
export function uploadNewsFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestForm<{ file: NewsFileInfo & { url: string } }>('/api/news/files', form);
}

/** SPEC §2 Editor API: an image for the editor ({ success: 1, file: { url } }). */
export function uploadEditorImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return requestForm<{ success: number; file: { url: string } }>('/api/editorjs/files/new', form);
}

/** SPEC §7: the editor's image removal, multipart field `file` = the image's source. */
export function deleteEditorImage(source: string) {
  const form = new FormData();
  form.append('file', new Blob([source], { type: 'text/plain' }), 'source.txt');
  return requestForm<{ success: number; message: string }>('/api/editorjs/files/delete', form);
}

/** The news page of each space (a page belongs to one space). */
export const newsPage: Record<ActorSpace, PageId> = {
  staff: 'news.staff', teacher: 'news.teacher', coach: 'news.coach', tutor: 'news.tutor', corporation: 'news.corporation', student: 'news.student',
};
