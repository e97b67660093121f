import type { PageId } from '../../pages';
import { definePageQuery, loadPageQuery, type PageLoad } from '../../shared/page-query';
import { loadCampuses } from './api';

/** The campuses with their sites, buildings and rooms. */
export const campusesQuery = definePageQuery({ key: () => ['training-centre.campuses'], load: (_, __, signal) => loadCampuses({ silent: true, signal }) });

/** What each page's route loads before it renders (page-loaders.ts). */
export const loaders: Partial<Record<PageId, PageLoad>> = {
  'trainingCentre.campuses': (client) => loadPageQuery(client, campusesQuery, {}, {}),
};
