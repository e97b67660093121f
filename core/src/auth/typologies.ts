// The typology references and the lists permissions are declared with: the one definition every module uses
// (`@alterna/core`, and `@alterna/core/validation` for the browser). No import: the web bundle takes it as it is.

/** SPEC §6: the actor typology references. */
export const typologies = [
  'teacher', 'referent', 'pedagogy', 'isd', 'management', 'campus-manager', 'read-only',
  'tutor', 'coach', 'trainer', 'student', 'corporation-contact',
] as const;
export type Typology = (typeof typologies)[number];

/** Those who run a campus: they hold the change permissions there (never read-only). */
export const managerTypologies = ['pedagogy', 'isd', 'management', 'campus-manager'] as const satisfies readonly Typology[];

/** Administrative staff typologies: the ones CampusPermissionWithOpenDays lists (SPEC §6, §7); reads, read-only included. */
export const staffTypologies = [...managerTypologies, 'read-only'] as const satisfies readonly Typology[];

/** Typologies that make an actor a teacher (SPEC §6: teachers are also called trainers). */
export const teacherTypologies = ['teacher', 'trainer'] as const satisfies readonly Typology[];

/** Those who follow apprentices without teaching them: a coach, a company tutor, a corporation contact. */
export const followerTypologies = ['coach', 'tutor', 'corporation-contact'] as const satisfies readonly Typology[];
