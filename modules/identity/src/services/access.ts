import { AccessDeniedError, NotLoggedInError, staffTypologies, type Actor, type Knex, type PermissionMatrix } from '@alterna/core';

/** Finds the campus a subject belongs to, so a grant on that campus can be checked (modules add types). */
export type SubjectCampusResolver = (subjectId: string) => Promise<string | null>;

export interface AccessService {
  /** SPEC §7 CampusPermissionWithOpenDays: campuses where the actor holds a staff access rule. */
  campusPermissionWithOpenDays(viewer: Actor | null, actorId: string): Promise<{ id: string; uuid: string; name: string; openDays: number[] }[]>;
  /** SPEC §7 IsSubjectGranted: does the viewer hold `granted` on the subject of that type? */
  isSubjectGranted(viewer: Actor | null, granted: string, type: string, subject: string | null): Promise<boolean>;
  registerSubjectType(type: string, resolver: SubjectCampusResolver): void;
}

export function accessService(knex: Knex, permissions: () => PermissionMatrix): AccessService {
  const resolvers = new Map<string, SubjectCampusResolver>([['campus', async (id) => id]]);
  return {
    async campusPermissionWithOpenDays(viewer, actorId) {
      if (!viewer) throw new NotLoggedInError();
      // Staff may look at colleagues of their own campuses; everyone may look at themselves.
      const viewerStaffCampuses = viewer.rules.filter((r) => (staffTypologies as readonly string[]).includes(r.typology)).map((r) => r.campusId);
      const rows = await knex('actor_access_rules as r')
        .join('training_centre_campuses as c', 'c.id', 'r.campus_id')
        .distinct('c.id', 'c.name', 'c.open_days')
        .where('r.actor_id', actorId)
        .whereIn('r.typology', staffTypologies)
        .orderBy('c.name');
      const visible = viewer.id === actorId ? rows : rows.filter((row) => viewerStaffCampuses.includes(row.id));
      if (viewer.id !== actorId && !viewerStaffCampuses.length) throw new AccessDeniedError();
      return visible.map((row) => ({ id: row.id, uuid: row.id, name: row.name, openDays: row.open_days }));
    },
    async isSubjectGranted(viewer, granted, type, subject) {
      if (!viewer) return false;
      const matrix = permissions();
      if (!matrix.has(granted)) return false;
      if (!subject) return matrix.isGranted(viewer, granted);
      const resolver = resolvers.get(type);
      if (!resolver) return false;
      const campusId = await resolver(subject);
      return campusId ? matrix.isGranted(viewer, granted, campusId) : false;
    },
    registerSubjectType(type, resolver) {
      if (resolvers.has(type)) throw new Error(`Subject type "${type}" is registered twice`);
      resolvers.set(type, resolver);
    },
  };
}
