import type { PageId } from '../../pages';
import { definePageQuery, loadPageQuery, type PageLoad } from '../../shared/page-query';
import { loadCampuses, loadCampusList, loadClosures, loadModels, loadOrganisation } from './api';

type NoParams = Record<string, never>;
type OfCampus = { campusId: string };

/** The campuses with their sites, buildings and rooms. */
export const campusesQuery = definePageQuery({ key: () => ['training-centre.campuses'], load: (_, __, signal) => loadCampuses({ silent: true, signal }) });

/** The viewer's campuses, for the pages showing one campus at a time (the first one until another is chosen). */
export const campusChoiceQuery = definePageQuery({ key: () => ['trainingCentre.campusChoice'], load: (_, __, signal) => loadCampusList({ silent: true, signal }) });
/** A campus's time-slot models. */
export const modelsQuery = definePageQuery({
  key: (_: NoParams, { campusId }: OfCampus) => ['training-centre.time-slots', campusId],
  load: (_, { campusId }) => loadModels(campusId),
});
/** A campus's closures and the public holidays of a year. */
export const closuresQuery = definePageQuery({
  key: (_: NoParams, { campusId, year }: OfCampus & { year: number }) => ['trainingCentre.closures', campusId, year],
  load: (_, { campusId, year }) => loadClosures(campusId, year),
});
/** A campus's organisation identity. */
export const organisationQuery = definePageQuery({
  key: (_: NoParams, { campusId }: OfCampus) => ['trainingCentre.organisation', campusId],
  load: (_, { campusId }) => loadOrganisation(campusId),
});

/** The campus list, then `then` for the campus a page shows first (its first campus), if any. */
const firstCampus = (then: (client: Parameters<PageLoad>[0], campusId: string) => Promise<unknown>): PageLoad => async (client) => {
  const campusId = (await loadPageQuery(client, campusChoiceQuery, {}, {}))[0]?.uuid;
  return campusId && then(client, campusId);
};

/** What each page's route loads before it renders (page-loaders.ts). */
export const loaders: Partial<Record<PageId, PageLoad>> = {
  'trainingCentre.campuses': (client) => loadPageQuery(client, campusesQuery, {}, {}),
  'trainingCentre.timeSlots': firstCampus((client, campusId) => loadPageQuery(client, modelsQuery, {}, { campusId })),
  // The closures page opens on this year.
  'trainingCentre.closures': firstCampus((client, campusId) => loadPageQuery(client, closuresQuery, {}, { campusId, year: new Date().getFullYear() })),
  'trainingCentre.organisation': firstCampus((client, campusId) => loadPageQuery(client, organisationQuery, {}, { campusId })),
};
