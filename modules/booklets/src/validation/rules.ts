// Pure booklet rules (SPEC §5), shared by the server and the web client.

export const bookletModules = [
  'mission-definition', 'first-meeting', 'coach-meeting', 'coach-tutor-meeting', 'intermediate-evaluation', 'final-evaluation', 'thesis-evaluation',
] as const;
export type BookletModule = (typeof bookletModules)[number];

/** Modules that may appear in one item only of a list (SPEC §5); the database enforces it too. */
export const singleItemModules: readonly BookletModule[] = ['first-meeting', 'intermediate-evaluation', 'mission-definition', 'thesis-evaluation'];

/** Who fills a form, by the modules of its item: tutor and apprentice the mission, the coach meetings, tutor and coach evaluations. */
export type FormRole = 'tutor' | 'student' | 'coach';
const fillers: Record<BookletModule, FormRole[]> = {
  'mission-definition': ['tutor', 'student'],
  'first-meeting': ['coach'],
  'coach-meeting': ['coach'],
  'coach-tutor-meeting': ['coach'],
  'intermediate-evaluation': ['tutor', 'coach'],
  'final-evaluation': ['tutor', 'coach'],
  'thesis-evaluation': ['tutor', 'coach'],
};
export function formFillers(modules: readonly BookletModule[]): FormRole[] {
  return [...new Set(modules.flatMap((module) => fillers[module]))];
}

/** Whether a form of these modules has skill marks (the evaluations) and a tasks list (the mission). */
export const hasSkillMarks = (modules: readonly BookletModule[]) => modules.some((module) => module.endsWith('-evaluation'));
export const hasTasks = (modules: readonly BookletModule[]) => modules.includes('mission-definition');

/** SPEC §5 average mark: mean of the non-empty skill marks, 0 if none, rounded to 2 decimals. */
export function averageMark(skillMarks: readonly { mark?: number | null }[]): number {
  const marks = skillMarks.map((skill) => skill.mark).filter((mark): mark is number => typeof mark === 'number' && Number.isFinite(mark));
  if (!marks.length) return 0;
  const mean = marks.reduce((sum, mark) => sum + mark, 0) / marks.length;
  return Math.round((mean + Number.EPSILON) * 100) / 100;
}

/** SPEC §5 item dates: a single date, or start and end together; the violations as (path, key). */
export function itemDateViolations(item: { date?: string | null; startDate?: string | null; endDate?: string | null }): { path: string; key: string }[] {
  const { date, startDate, endDate } = item;
  if (date && (startDate || endDate)) return [{ path: 'date', key: 'booklets.validation.dateOrPeriod' }];
  if (date) return [];
  if (!startDate && !endDate) return [{ path: 'date', key: 'booklets.validation.dateRequired' }];
  if (!startDate) return [{ path: 'startDate', key: 'booklets.validation.startRequired' }];
  if (!endDate) return [{ path: 'endDate', key: 'booklets.validation.endRequired' }];
  if (startDate > endDate) return [{ path: 'endDate', key: 'booklets.validation.endBeforeStart' }];
  return [];
}

/** SPEC §5: the single-item modules already used by other items of the list; the first one found, or null. */
export function repeatedModule(modules: readonly BookletModule[], others: readonly { modules: readonly BookletModule[] }[]): BookletModule | null {
  const used = new Set(others.flatMap((item) => item.modules));
  return modules.find((module) => singleItemModules.includes(module) && used.has(module)) ?? null;
}
