import { personName } from '../../../shared/format';
import type { TFunction } from 'i18next';
import type { HistoryValueLabel } from '../../../shared/HistoryPanel';
import type { PlanningOptions } from '../shared/api';

/** The lesson history's values in the planner's words: its enums' labels, the names of the options' campuses, groups, rooms, teachers and subjects. */
export function lessonValueLabel(t: TFunction, options: PlanningOptions): HistoryValueLabel {
  const names = new Map<string, string>([
    ...options.campuses.map((c) => [c.uuid, c.name] as const),
    ...options.groups.map((g) => [g.uuid, g.name] as const),
    ...options.rooms.map((r) => [r.uuid, r.name] as const),
    ...options.teachers.map((p) => [p.uuid, personName(p)] as const),
    ...options.subjects.map((s) => [s.uuid, `${s.shortName} – ${s.name}`] as const),
  ]);
  const enums: Record<string, string> = {
    remote: 'planning.calendar.remote', lesson_type: 'planning.resources.lessonTypes', status: 'planning.calendar.status', cancellation_type: 'planning.calendar.cancellation',
  };
  return (field, value) => {
    if (typeof value !== 'string') return null;
    if (enums[field]) return t(`${enums[field]}.${value}`, { defaultValue: value });
    return names.get(value) ?? null;
  };
}
