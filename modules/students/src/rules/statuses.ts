/** Student statuses of a registration; the work-study ones come with a contract in a corporation. */
export const STUDENT_STATUSES = ['apprentice', 'professionalisation', 'initial-training', 'continuing-education'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export const WORK_STUDY_STATUSES: readonly StudentStatus[] = ['apprentice', 'professionalisation'];

export function isWorkStudy(status: string): boolean {
  return (WORK_STUDY_STATUSES as readonly string[]).includes(status);
}

/** The student's situation the year before joining (Y-1). */
export const LAST_SITUATIONS = ['secondary-school', 'higher-education', 'apprenticeship', 'employment', 'job-seeker', 'other'] as const;
export type LastSituation = (typeof LAST_SITUATIONS)[number];
