import { AccessDeniedError, NotFoundError, ValidationError, validate, type Actor, type CoreDeps, type Knex, type Translate } from '@alterna/core';
import { associateCorporationSchema, contactSchema, tutorSchema } from '../validation/index.js';
import { perm } from '../permissions.js';
import { actorColumns, byLastName, withDetails, type ActorRow } from './rows.js';
import type { Scope } from './scope.js';
import type { ActorsService } from './actors.js';
import type { CorporationsService } from './corporations.js';
import type { ActorView, SaveOutcome } from './types.js';
import { CorporationModel } from '../models/index.js';
import type { CorporationPeopleInsert } from '../models/rows.js';

/** Contacts and tutors: actors (typology corporation-contact or tutor) linked to corporations. */
export interface CorporationPeopleService {
  /** /corporations/{id}/contacts/new: same duplicate warning as /actor/new. */
  createContact(viewer: Actor | null, corporationId: string, input: unknown, t: Translate): Promise<SaveOutcome>;
  /** /tutors/new (corporation optional) and /corporations/{id}/tutors/new. */
  createTutor(viewer: Actor | null, corporationId: string | null, input: unknown, t: Translate): Promise<SaveOutcome>;
  /** SPEC §7 getTutorsByCorporation: its tutors on the viewer's campuses, by last name. */
  tutorsByCorporation(viewer: Actor | null, corporationId: string, t: Translate): Promise<ActorView[]>;
  /** Tutors on the viewer's campuses (archived ones left out unless asked), by last name. */
  tutors(viewer: Actor | null, filter: { search?: string | null; archived?: boolean | null }, t: Translate): Promise<ActorView[]>;
  getTutor(viewer: Actor | null, id: string, t: Translate): Promise<ActorView>;
  /** /tutors/{id}/edit: the tutor's personal information. */
  updateTutor(viewer: Actor | null, id: string, input: unknown, t: Translate): Promise<SaveOutcome>;
  /** /tutors/associate-corporation */
  associate(viewer: Actor | null, input: unknown, t: Translate): Promise<{ tutor: ActorView; message: string }>;
}

export function corporationPeopleService(core: CoreDeps, scope: Scope, actors: ActorsService, corporations: CorporationsService): CorporationPeopleService {
  const { knex, permissions } = core;

  const link = (corporationId: string, role: 'contact' | 'tutor') => async (trx: Knex, actorId: string) => {
    await trx('corporation_people').insert({ corporation_id: corporationId, actor_id: actorId, role });
  };

  /** The campuses where the actor is a tutor, among the viewer's. */
  const tutorCampuses = async (actorId: string, campusIds: string[]) =>
    (await scope.visibility().rules(knex, { actors: [actorId], campuses: campusIds, typologies: ['tutor'] }).pluck('r.campus_id')) as string[];

  const assertTutor = async (viewer: Actor | null, id: string, t: Translate) => {
    await scope.assertVisible(viewer, id, t);
    if (!(await tutorCampuses(id, scope.campusesFor(viewer, perm.actorRead))).length) throw new NotFoundError(t('errors.notFound'));
  };

  const service: CorporationPeopleService = {
    async createContact(viewer, corporationId, input, t) {
      scope.campusesFor(viewer, perm.corporationUpdate);
      await corporations.assertExists(corporationId, t);
      const value = await validate(contactSchema, input, t);
      core.permissions.assert(viewer, perm.corporationUpdate, value.campusId);
      return actors.registerPerson(viewer, { ...value, typology: 'corporation-contact' }, t, link(corporationId, 'contact'));
    },

    async createTutor(viewer, corporationId, input, t) {
      scope.campusesFor(viewer, perm.corporationUpdate);
      // The corporation of the path must exist; one chosen in the form is a field to correct.
      if (corporationId) await corporations.assertExists(corporationId, t);
      const value = await validate(tutorSchema, corporationId ? { ...(input as object), corporationId } : input, t);
      if (value.corporationId && !(await CorporationModel.query(knex).findById(value.corporationId).select('id'))) {
        throw new ValidationError([{ path: 'corporationId', message: t('people.validation.corporation') }]);
      }
      core.permissions.assert(viewer, perm.corporationUpdate, value.campusId);
      return actors.registerPerson(viewer, { ...value, typology: 'tutor' }, t, value.corporationId ? link(value.corporationId, 'tutor') : undefined);
    },

    async tutorsByCorporation(viewer, corporationId, t) {
      const campusIds = scope.campusesFor(viewer, perm.corporationRead);
      await corporations.assertExists(corporationId, t);
      const rows: ActorRow[] = await knex('identity_actors as a')
        .join('corporation_people as p', 'p.actor_id', 'a.id')
        .where({ 'p.corporation_id': corporationId, 'p.role': 'tutor' })
        .where(scope.onCampuses(campusIds, 'tutor'))
        .select(actorColumns)
        .orderByRaw(byLastName.join(', '));
      return withDetails(knex, scope.visibility(), rows, campusIds);
    },

    async tutors(viewer, filter, t) {
      const { items } = await actors.list(viewer, { search: filter.search, archived: filter.archived ?? false, typology: 'tutor', limit: 500 }, t);
      return items;
    },

    async getTutor(viewer, id, t) {
      await assertTutor(viewer, id, t);
      return actors.get(viewer, id, t);
    },

    async updateTutor(viewer, id, input, t) {
      await assertTutor(viewer, id, t);
      return actors.updatePersonalInformation(viewer, id, input, t);
    },

    async associate(viewer, input, t) {
      const readable = scope.campusesFor(viewer, perm.actorRead);
      scope.campusesFor(viewer, perm.corporationUpdate);
      const value = await validate(associateCorporationSchema, input, t);
      await scope.assertVisible(viewer, value.tutorId, t);
      const campuses = await tutorCampuses(value.tutorId, readable);
      if (!campuses.length) throw new ValidationError([{ path: 'tutorId', message: t('people.tutor.notTutor') }]);
      if (!campuses.some((campusId) => permissions.isGranted(viewer, perm.corporationUpdate, campusId))) throw new AccessDeniedError();
      if (!(await CorporationModel.query(knex).findById(value.corporationId).select('id'))) {
        throw new ValidationError([{ path: 'corporationId', message: t('people.validation.corporation') }]);
      }
      const row: CorporationPeopleInsert = { corporation_id: value.corporationId, actor_id: value.tutorId, role: 'tutor' };
      if (await knex('corporation_people').where(row).first('id')) {
        throw new ValidationError([{ path: 'corporationId', message: t('people.tutor.alreadyAssociated') }]);
      }
      await knex('corporation_people').insert(row);
      return { tutor: await actors.get(viewer, value.tutorId, t), message: t('people.tutor.associated') };
    },
  };
  return service;
}
