import type { PageSearch } from '../../page-search';
import type { PageId } from '../../pages';
import { definePageQuery, loadPageQuery, type PageLoad } from '../../shared/page-query';
import { loadActors, loadCorporations, loadTutors } from './api';

type NoParams = Record<string, never>;

/** The people of the viewer's campuses, for the search (`q`, as the search box settles it) and the archive filter. */
export const actorsQuery = definePageQuery({
  key: (_: NoParams, { q, show }: PageSearch<'people.actors'>) => ['people.actors', q.trim(), show],
  load: (_, { q, show }, signal) => loadActors({ search: q.trim(), archived: show === 'all' ? null : show === 'archived' }, { silent: true, signal }),
});
export const corporationsQuery = definePageQuery({
  key: (_: NoParams, { q }: PageSearch<'people.corporations'>) => ['people.corporations', q.trim()],
  load: (_, { q }, signal) => loadCorporations(q.trim(), { silent: true, signal }),
});
export const tutorsQuery = definePageQuery({
  key: (_: NoParams, { q }: PageSearch<'people.tutors'>) => ['people.tutors', q.trim()],
  load: (_, { q }, signal) => loadTutors(q.trim(), signal),
});

/** What each page's route loads before it renders (page-loaders.ts). */
export const loaders: Partial<Record<PageId, PageLoad>> = {
  'people.actors': (client, _, search) => loadPageQuery(client, actorsQuery, {}, search as PageSearch<'people.actors'>),
  'people.corporations': (client, _, search) => loadPageQuery(client, corporationsQuery, {}, search as PageSearch<'people.corporations'>),
  'people.tutors': (client, _, search) => loadPageQuery(client, tutorsQuery, {}, search as PageSearch<'people.tutors'>),
};
