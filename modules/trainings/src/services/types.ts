/** What the module hands out: ids are UUIDs, given as both `id` and `uuid` (the SPEC's name). Dates are 'YYYY-MM-DD'. */
export interface CampusRef {
  id: string;
  uuid: string;
  name: string;
}

export interface SchoolSubject {
  id: string;
  uuid: string;
  name: string;
  shortName: string;
  level: string | null;
  color: string;
  archived: boolean;
}

export interface TrainingSession {
  id: string;
  uuid: string;
  name: string;
  startDate: string;
  endDate: string;
  isCurrent: boolean;
}

export interface Training {
  id: string;
  uuid: string;
  name: string;
  shortName: string;
  isPublished: boolean;
  /** Only the campuses the viewer may see. */
  campuses: CampusRef[];
}

export interface PlanSubjectLine {
  id: string;
  uuid: string;
  schoolSubject: SchoolSubject;
  hours: number;
}

export interface PlanBlock {
  id: string;
  uuid: string;
  name: string;
  schoolSubjectLines: PlanSubjectLine[];
}

export interface PlanVariant {
  id: string;
  uuid: string;
  name: string;
  blocks: PlanBlock[];
  /** Training groups following the variant (it cannot be removed while > 0). */
  groupCount: number;
}

export interface TrainingPlan {
  id: string;
  uuid: string;
  trainingId: string;
  trainingSession: TrainingSession;
  certifierBase: PlanBlock[];
  /** Ordered by name ascending. */
  variants: PlanVariant[];
  /** True once a variant exists: the certifier base can no longer be edited. */
  baseLocked: boolean;
}

export interface TrainingGroup {
  id: string;
  uuid: string;
  name: string;
  shortName: string;
  startDate: string;
  endDate: string;
  campus: CampusRef;
  trainingSession: TrainingSession;
  training: { id: string; uuid: string; name: string; shortName: string; isPublished: boolean };
  variant: { id: string; uuid: string; name: string };
}

export interface GradeScaleElement {
  id: string;
  uuid: string;
  name: string;
  coefficient: number;
}
