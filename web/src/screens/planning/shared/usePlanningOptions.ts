import { errorMessage } from '../../../shared/http';
import { usePageData } from '../../../shared/queries';
import { useMe } from '../../../session';
import { loadCampuses, loadGroups, loadRooms, loadSubjects, loadTeachers, type PlanningOptions } from './api';

const empty: PlanningOptions = { campuses: [], groups: [], rooms: [], teachers: [], subjects: [] };
const noErrors: string[] = [];

/** Every option of the viewer's campuses, and the messages of the sources that failed. */
async function loadOptions(actorId: string): Promise<{ options: PlanningOptions; errors: string[] }> {
  const problems: string[] = [];
  const settle = <T,>(promise: Promise<T>, fallback: T) =>
    promise.catch((error: unknown) => {
      problems.push(errorMessage(error));
      return fallback;
    });
  const campuses = await settle(loadCampuses(actorId), []);
  const ids = campuses.map((campus) => campus.uuid);
  const [groups, rooms, teachers, subjects] = ids.length
    ? await Promise.all([settle(loadGroups(ids), []), settle(loadRooms(actorId, ids), []), settle(loadTeachers(ids), []), settle(loadSubjects(), [])])
    : [[], [], [], []];
  return { options: { campuses, groups, rooms, teachers, subjects }, errors: [...new Set(problems)] };
}

/**
 * Every option of the viewer's campuses, loaded once per page (the screens of a page that ask share the answer).
 * A source that fails leaves its list empty and reports its message, so one missing list never blanks the whole screen.
 */
export function usePlanningOptions(): { options: PlanningOptions; loading: boolean; errors: string[] } {
  const me = useMe();
  const actorId = me?.id ?? null;
  const page = usePageData(['planning.options', actorId], () => loadOptions(actorId!), { enabled: !!actorId });
  return { options: page.data?.options ?? empty, loading: !page.data, errors: page.data?.errors ?? (page.error ? [page.error] : noErrors) };
}

/** The options that belong to some campuses (all of them when none is given). */
export function optionsOfCampuses(options: PlanningOptions, campusIds: string[]): PlanningOptions {
  if (!campusIds.length) return options;
  const on = new Set(campusIds);
  return {
    campuses: options.campuses.filter((c) => on.has(c.uuid)),
    groups: options.groups.filter((g) => on.has(g.campusId)),
    rooms: options.rooms.filter((r) => on.has(r.campusId)),
    teachers: options.teachers.filter((t) => t.campusIds.some((id) => on.has(id))),
    subjects: options.subjects,
  };
}
