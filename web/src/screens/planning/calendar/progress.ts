import { gql } from '../../../shared/gql';

export interface ProgressLine {
  schoolSubject: { uuid: string; name: string; shortName: string; color: string | null };
  targetHours: number;
  plannedHours: number;
  /** Hours of lessons whose attendance sheet is closed. */
  deliveredHours: number;
}
export interface PlanningProgress {
  planningGroups: { planningGroup: { uuid: string; name: string }; lines: ProgressLine[] }[];
  teachers: { teacher: { uuid: string; firstName: string; lastName: string }; lines: ProgressLine[] }[];
}

const lineFields = 'schoolSubject { uuid name shortName color } targetHours plannedHours deliveredHours';

/** Hours planned (active and locked lessons of the current session) against the target hours. */
export async function loadProgress(planningGroupIdList: string[], teacherIdList: string[]): Promise<PlanningProgress> {
  const data = await gql<{ PlanningProgress: PlanningProgress }>(
    `query PlanningProgress($teacherIdList: [ID!], $planningGroupIdList: [ID!]) {
      PlanningProgress(teacherIdList: $teacherIdList, planningGroupIdList: $planningGroupIdList) {
        planningGroups { planningGroup { uuid name } lines { ${lineFields} } }
        teachers { teacher { uuid firstName lastName } lines { ${lineFields} } }
      }
    }`,
    { teacherIdList, planningGroupIdList },
    { silent: true },
  );
  return data.PlanningProgress;
}

/** Share of the target planned, as a bar value (0..100) and whether the subject is over-planned. */
export function progressOf(line: Pick<ProgressLine, 'targetHours' | 'plannedHours'>): { value: number; over: boolean; done: boolean } {
  const over = line.plannedHours > line.targetHours + 1e-9;
  if (line.targetHours <= 0) return { value: line.plannedHours > 0 ? 100 : 0, over: line.plannedHours > 0, done: false };
  const value = Math.min(100, Math.round((line.plannedHours / line.targetHours) * 100));
  return { value, over, done: !over && Math.abs(line.plannedHours - line.targetHours) < 1e-9 };
}
