import type { PageId } from '../../pages';
import { definePageQuery, loadPageQuery, type PageLoad } from '../../shared/page-query';
import { loadSubjects, loadTrainings } from './api';

/** The trainings list (its page and the creation dialog over it). */
export const trainingsQuery = definePageQuery({ key: () => ['trainings.list'], load: (_, __, signal) => loadTrainings({ silent: true, signal }) });
/** The school subjects list. */
export const subjectsQuery = definePageQuery({ key: () => ['trainings.subjects'], load: (_, __, signal) => loadSubjects({ silent: true, signal }) });

/** What each page's route loads before it renders (page-loaders.ts). */
export const loaders: Partial<Record<PageId, PageLoad>> = {
  'trainings.list': (client) => loadPageQuery(client, trainingsQuery, {}, {}),
  'trainings.new': (client) => loadPageQuery(client, trainingsQuery, {}, {}),
  'trainings.subjects': (client) => loadPageQuery(client, subjectsQuery, {}, {}),
};
