import type { PageSearch } from '../../page-search';
import type { PageId } from '../../pages';
import { definePageQuery, loadPageQuery, type PageLoad } from '../../shared/page-query';
import { loadStudents, loadTrainingChoices, type StudentFilter } from './api';

type NoParams = Record<string, never>;
type Choices = Awaited<ReturnType<typeof loadTrainingChoices>>;

/** The sessions, trainings and groups the list's filters offer. */
export const studentChoicesQuery = definePageQuery({ key: () => ['students.choices'], load: (_, __, signal) => loadTrainingChoices({ silent: true, signal }) });

/** The list's filter from the URL: no session chosen means the current one (from the choices), `all` every session. */
export function studentFilter(search: PageSearch<'students.list'>, choices: Choices | undefined): StudentFilter {
  const currentSession = choices?.sessions.find((s) => s.isCurrent)?.id ?? null;
  return {
    campusId: search.campus,
    trainingSessionId: search.session === 'all' ? null : (search.session ?? currentSession),
    trainingIds: search.trainings,
    trainingGroupIds: search.groups,
  };
}

/** The students matching a filter. */
export const studentsQuery = definePageQuery({
  key: (_: NoParams, filter: StudentFilter) => ['students.list', filter],
  load: (_, filter) => loadStudents(filter),
});

/** What each page's route loads before it renders (page-loaders.ts): the choices, then the list they select. */
export const loaders: Partial<Record<PageId, PageLoad>> = {
  'students.list': async (client, _, search) => {
    const choices = await loadPageQuery(client, studentChoicesQuery, {}, {});
    return loadPageQuery(client, studentsQuery, {}, studentFilter(search as PageSearch<'students.list'>, choices));
  },
};
