import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/http';
import { useMe } from '../../../session';
import { loadCampuses, loadGroups, loadRooms, loadSubjects, loadTeachers, type PlanningOptions } from './api';

const empty: PlanningOptions = { campuses: [], groups: [], rooms: [], teachers: [], subjects: [] };

/**
 * Every option of the viewer's campuses, loaded once per page. A source that fails leaves its list empty
 * and reports its message, so one missing list never blanks the whole screen.
 */
export function usePlanningOptions(): { options: PlanningOptions; loading: boolean; errors: string[] } {
  const me = useMe();
  const [options, setOptions] = useState<PlanningOptions>(empty);
  const [loading, setLoading] = useState(true);
  const [errors, setErrors] = useState<string[]>([]);
  const actorId = me?.id ?? null;

  useEffect(() => {
    if (!actorId) return;
    let live = true;
    const problems: string[] = [];
    const settle = <T,>(promise: Promise<T>, fallback: T) =>
      promise.catch((error: unknown) => {
        problems.push(errorMessage(error));
        return fallback;
      });
    void (async () => {
      const campuses = await settle(loadCampuses(actorId), []);
      const ids = campuses.map((campus) => campus.uuid);
      const [groups, rooms, teachers, subjects] = ids.length
        ? await Promise.all([settle(loadGroups(ids), []), settle(loadRooms(actorId, ids), []), settle(loadTeachers(ids), []), settle(loadSubjects(), [])])
        : [[], [], [], []];
      if (!live) return;
      setOptions({ campuses, groups, rooms, teachers, subjects });
      setErrors([...new Set(problems)]);
      setLoading(false);
    })();
    return () => {
      live = false;
    };
  }, [actorId]);

  return { options, loading, errors };
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
