import type { PageId } from './pages';
import type { PageLoad } from './shared/page-query';

// The pages that load through their route's loader (router.tsx): the loader asks for the page's queries (its
// screens' queries.ts, loaded with the loader so the first visit carries none of them), the page renders with its
// data and reads it from the cache with usePageQuery. tests/unit/web-page-loaders.test.ts keeps these pages there.

type LoaderModule = () => Promise<{ loaders: Partial<Record<PageId, PageLoad>> }>;

const trainings: LoaderModule = () => import('./screens/trainings/queries');
const trainingCentre: LoaderModule = () => import('./screens/training-centre/queries');
const people: LoaderModule = () => import('./screens/people/queries');
const students: LoaderModule = () => import('./screens/students/queries');

export const pageLoaders = {
  'trainings.list': trainings,
  'trainings.new': trainings,
  'trainings.subjects': trainings,
  'trainings.groups': trainings,
  'trainings.gradeScales': trainings,
  'trainingCentre.campuses': trainingCentre,
  'trainingCentre.timeSlots': trainingCentre,
  'trainingCentre.closures': trainingCentre,
  'trainingCentre.organisation': trainingCentre,
  'people.actors': people,
  'people.corporations': people,
  'people.tutors': people,
  'students.list': students,
} satisfies Partial<Record<PageId, LoaderModule>>;

/** The loader of a page's route, if it has one. */
export function pageLoader(id: PageId): ((client: Parameters<PageLoad>[0], params: Record<string, string>, search: Record<string, unknown>) => Promise<unknown>) | undefined {
  const module = (pageLoaders as Partial<Record<PageId, LoaderModule>>)[id];
  if (!module) return undefined;
  return async (client, params, search) => {
    const load = (await module()).loaders[id];
    if (!load) throw new Error(`page-loaders.ts: ${id} has no loader in its queries module`);
    return load(client, params, search);
  };
}
