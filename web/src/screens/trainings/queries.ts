import type { PageSearch } from '../../page-search';
import type { PageId } from '../../pages';
import { definePageQuery, loadPageQuery, type PageLoad } from '../../shared/page-query';
import { loadGradeScale, loadGroups, loadSessions, loadSubjects, loadTrainings, type Training, type TrainingSession } from './api';

type NoParams = Record<string, never>;

/** The trainings list (its page, the creation dialog over it, the grade scales' training choice). */
export const trainingsQuery = definePageQuery({ key: () => ['trainings.list'], load: (_, __, signal) => loadTrainings({ silent: true, signal }) });
/** The school subjects list. */
export const subjectsQuery = definePageQuery({ key: () => ['trainings.subjects'], load: (_, __, signal) => loadSubjects({ silent: true, signal }) });
/** The training sessions (the groups page's choice). */
export const sessionsQuery = definePageQuery({ key: () => ['trainings.sessions'], load: (_, __, signal) => loadSessions({ silent: true, signal }) });

/** The session the groups page shows: the one in the URL, else the current one, else the first. */
export function shownSession(search: PageSearch<'trainings.groups'>, sessions: TrainingSession[] | undefined): string | null {
  return search.session ?? (sessions?.find((s) => s.isCurrent) ?? sessions?.[0])?.id ?? null;
}
/** The groups of one session. */
export const groupsQuery = definePageQuery({
  key: (_: NoParams, { sessionId }: { sessionId: string }) => ['trainings.groups', sessionId],
  load: (_, { sessionId }, signal) => loadGroups(sessionId, { silent: true, signal }),
});

/** The training the grade scales page shows: the one in the URL if it is one of the list, else the first. */
export function shownTraining(search: PageSearch<'trainings.gradeScales'>, trainings: Training[] | undefined): string | null {
  return trainings?.some((training) => training.id === search.training) ? search.training : (trainings?.[0]?.id ?? null);
}
/** One training's grade scale. */
export const gradeScaleQuery = definePageQuery({
  key: (_: NoParams, { trainingId }: { trainingId: string }) => ['trainings.grade-scale', trainingId],
  load: (_, { trainingId }) => loadGradeScale(trainingId),
});

/** What each page's route loads before it renders (page-loaders.ts): a list, then what the URL selects in it. */
export const loaders: Partial<Record<PageId, PageLoad>> = {
  'trainings.list': (client) => loadPageQuery(client, trainingsQuery, {}, {}),
  'trainings.new': (client) => loadPageQuery(client, trainingsQuery, {}, {}),
  'trainings.subjects': (client) => loadPageQuery(client, subjectsQuery, {}, {}),
  'trainings.groups': async (client, _, search) => {
    const sessionId = shownSession(search as PageSearch<'trainings.groups'>, await loadPageQuery(client, sessionsQuery, {}, {}));
    return sessionId && loadPageQuery(client, groupsQuery, {}, { sessionId });
  },
  'trainings.gradeScales': async (client, _, search) => {
    const trainingId = shownTraining(search as PageSearch<'trainings.gradeScales'>, await loadPageQuery(client, trainingsQuery, {}, {}));
    return trainingId && loadPageQuery(client, gradeScaleQuery, {}, { trainingId });
  },
};
