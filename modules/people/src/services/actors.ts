import { NotFoundError, ValidationError, validate, type Actor, type CoreDeps, type Knex, type Translate, type Typology } from '@alterna/core';
import { actorSchema, actorTypologies, addTypologySchema, personalInformationSchema, staffAccessTypologies, type PersonalInformationInput } from '../validation/index.js';
import { emailPattern, keepEmailMatches, keepNameMatches, namePatterns, type PersonLookup } from '../rules/duplicates.js';
import { perm } from '../permissions.js';
import { actorColumns, byLastName, toSummary, withDetails, type ActorRow } from './rows.js';
import type { Scope } from './scope.js';
import { EmailTakenError } from '@alterna/identity';
import type { ActorSummary, ActorView, DuplicateActor, SaveOutcome } from './types.js';

export interface ActorFilter {
  search?: string | null;
  archived?: boolean | null;
  campusIds?: string[] | null;
  typology?: string | null;
  limit?: number | null;
  offset?: number | null;
}

/** What /actor/new offers the viewer: their campuses, and the typologies they may give on each. */
export interface ActorFormOptions {
  campuses: { id: string; name: string; typologies: string[] }[];
}

/** A person to register: personal information, the typology and campus of its first access rule. */
export type PersonInput = PersonalInformationInput & { typology: string; campusId: string };

export interface ActorsService {
  /** Actors with a rule on the viewer's campuses (narrowed by the filter), by last name. */
  list(viewer: Actor | null, filter: ActorFilter, t: Translate): Promise<{ total: number; items: ActorView[] }>;
  get(viewer: Actor | null, id: string, t: Translate): Promise<ActorView>;
  /** SPEC §7 ActorsByName with the §5 rules; archived actors included (still the same person). */
  byName(viewer: Actor | null, args: { lastName: string; firstName: string } & PersonLookup, t: Translate): Promise<ActorView[]>;
  /** SPEC §7 ActorsByMail with the §5 rules. */
  byMail(viewer: Actor | null, args: { email: string } & PersonLookup, t: Translate): Promise<ActorView[]>;
  /** SPEC §7 getReferentsByCampus: active referents of that campus, by last name ascending. */
  referentsByCampus(viewer: Actor | null, campusId: string): Promise<ActorView[]>;
  formOptions(viewer: Actor | null): Promise<ActorFormOptions>;
  /** /actor/new: the duplicates (name or e-mail) unless told to ignore them, else the new actor. */
  register(viewer: Actor | null, input: unknown, t: Translate): Promise<SaveOutcome>;
  /** Same flow for a person whose typology the caller fixes (contacts, tutors); `afterInsert` runs in its transaction. */
  registerPerson(viewer: Actor | null, value: PersonInput, t: Translate, afterInsert?: (trx: Knex, actorId: string) => Promise<void>): Promise<SaveOutcome>;
  /** /actor/{id}/personal-informations/edit: warns about duplicates only when the name or e-mail changes. */
  updatePersonalInformation(viewer: Actor | null, id: string, input: unknown, t: Translate): Promise<SaveOutcome>;
  addTypology(viewer: Actor | null, id: string, input: unknown, t: Translate): Promise<{ actor: ActorView; message: string }>;
  setArchived(viewer: Actor | null, id: string, archived: boolean, t: Translate): Promise<{ actor: ActorView; message: string }>;
  /**
   * For other modules (students, teaching): creates an actor with one access rule and answers its id. The viewer
   * needs people.actor.update on that campus (and the staff grant for a staff typology). No duplicate warning:
   * the caller runs its own; an e-mail already used is a violation on `email`. Messages in `t`, else in the
   * viewer's language.
   */
  create(viewer: Actor | null, input: { firstName: string; lastName: string; email: string; typology: string; campusId: string; phone?: string | null }, trx?: Knex, t?: Translate): Promise<string>;
  /**
   * For other modules (profile-changes): throws unless the viewer may edit that actor directly, by the rule of
   * updatePersonalInformation (the change permission on every campus of the actor, the staff grant too for staff).
   */
  assertChangeable(viewer: Actor | null, id: string, t: Translate, trx?: Knex): Promise<void>;
  /** For other modules: the same rule over many actors in one query, answering those the viewer may edit. */
  changeable(viewer: Actor | null, ids: readonly string[], trx?: Knex): Promise<Set<string>>;
  /** For other modules: actors by id (set query, no campus check), in no particular order. */
  byIds(ids: readonly string[], trx?: Knex): Promise<ActorSummary[]>;
  /** Actors by id with rules and corporations, kept to the given campuses (internal). */
  views(ids: readonly string[], campusIds: string[] | null, trx?: Knex): Promise<ActorView[]>;
}

export function actorsService(core: CoreDeps, scope: Scope): ActorsService {
  const { knex, permissions } = core;
  const notFound = (t: Translate) => new NotFoundError(t('errors.notFound'));
  // The rows are identity's: people decides who may register or change whom, identity writes.
  const accounts = () => core.module('identity').accounts;
  const emailTaken = (t: Translate) => new ValidationError([{ path: 'email', message: t('people.actor.emailTaken') }]);
  /** A write that may meet the unique e-mail index (someone took the address since the check). */
  const refusingTakenEmail = async <T>(t: Translate, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof EmailTakenError) throw emailTaken(t);
      throw error;
    }
  };

  const views = async (ids: readonly string[], campusIds: string[] | null, trx: Knex = knex) => {
    if (!ids.length) return [];
    const rows: ActorRow[] = await trx('identity_actors as a').select(actorColumns).whereIn('a.id', [...new Set(ids)]).orderByRaw(byLastName.join(', '));
    return withDetails(trx, scope.visibility(), rows, campusIds);
  };

  const view = async (id: string, campusIds: string[], t: Translate) => {
    const [actor] = await views([id], campusIds);
    if (!actor) throw notFound(t);
    return actor;
  };

  /** Giving a typology on a campus: the change permission there, and the staff grant for a staff typology. */
  const assertMayGive = (viewer: Actor | null, typology: string, campusId: string) => {
    core.permissions.assert(viewer, perm.actorUpdate, campusId);
    if ((staffAccessTypologies as readonly string[]).includes(typology)) core.permissions.assert(viewer, perm.staffGrant, campusId);
  };

  /** actors.email is unique (identity's index): an address in use is refused, whoever holds it. */
  const assertEmailFree = async (trx: Knex, email: string, exceptId: string | null, t: Translate) => {
    if (await accounts().emailInUse(trx, email, exceptId ?? undefined)) throw emailTaken(t);
  };

  /** SPEC §5: people of the viewer's campuses with a matching name or a matching e-mail. */
  const findDuplicates = async (campusIds: string[], person: { firstName: string; lastName: string; email: string }, excludeId: string | null) => {
    const names = namePatterns(person.lastName, person.firstName);
    const email = emailPattern(person.email);
    const rows: (ActorRow & { by_name: boolean; by_email: boolean })[] = await knex('identity_actors as a')
      .select(actorColumns)
      .select(knex.raw('(a.last_name ilike ? and a.first_name ilike ?) as by_name', [names.lastName, names.firstName]))
      .select(knex.raw('(a.email ilike ?) as by_email', [email]))
      .where((q) => q.where((n) => n.whereRaw('a.last_name ilike ?', [names.lastName]).whereRaw('a.first_name ilike ?', [names.firstName])).orWhereRaw('a.email ilike ?', [email]))
      .where(scope.onCampuses(campusIds))
      .orderByRaw(byLastName.join(', '));
    const lookup = { excludeId };
    const byName = new Set(keepNameMatches(rows.filter((r) => r.by_name).map((r) => ({ ...toSummary(r) })), person.lastName, person.firstName, lookup).map((r) => r.id));
    const byEmail = new Set(keepEmailMatches(rows.filter((r) => r.by_email).map((r) => toSummary(r)), person.email, lookup).map((r) => r.id));
    const matched = rows.filter((row) => byName.has(row.id) || byEmail.has(row.id));
    const details = await withDetails(knex, scope.visibility(), matched, campusIds);
    return details.map((actor): DuplicateActor => ({
      ...actor,
      matchedBy: [...(byName.has(actor.id) ? ['name' as const] : []), ...(byEmail.has(actor.id) ? ['email' as const] : [])],
    }));
  };

  const insertActor = async (trx: Knex, person: PersonInput, t: Translate): Promise<string> => {
    await assertEmailFree(trx, person.email, null, t);
    const rules = [{ campusId: person.campusId, typology: person.typology as Typology }];
    const [id] = await refusingTakenEmail(t, () => accounts().create(trx, [{ firstName: person.firstName, lastName: person.lastName, email: person.email, phone: person.phone ?? null, rules }]));
    return id!;
  };

  const requireText = (t: Translate, fields: Record<string, string | null | undefined>) => {
    const violations = Object.entries(fields).filter(([, value]) => !value?.trim()).map(([path]) => ({ path, message: t('validation.required') }));
    if (violations.length) throw new ValidationError(violations);
  };

  const service: ActorsService = {
    async list(viewer, filter, t) {
      let campusIds = scope.campusesFor(viewer, perm.actorRead);
      if (filter.campusIds) campusIds = campusIds.filter((id) => filter.campusIds!.includes(id));
      if (filter.typology && !(actorTypologies as readonly string[]).includes(filter.typology)) {
        throw new ValidationError([{ path: 'typology', message: t('people.validation.typology') }]);
      }
      const base = knex('identity_actors as a').where(scope.onCampuses(campusIds, filter.typology));
      if (typeof filter.archived === 'boolean') base.where('a.archived', filter.archived);
      for (const word of (filter.search ?? '').trim().split(/\s+/).filter(Boolean)) {
        const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base.where((q) => q.whereRaw('a.last_name ilike ?', [pattern]).orWhereRaw('a.first_name ilike ?', [pattern]).orWhereRaw('a.email ilike ?', [pattern]));
      }
      const limit = Math.min(Math.max(filter.limit ?? 100, 1), 500);
      const offset = Math.max(filter.offset ?? 0, 0);
      const [count, rows] = await Promise.all([
        base.clone().count<{ count: string | number }[]>({ count: '*' }).first(),
        base.clone().select(actorColumns).orderByRaw(byLastName.join(', ')).limit(limit).offset(offset) as Promise<ActorRow[]>,
      ]);
      return { total: Number(count?.count ?? 0), items: await withDetails(knex, scope.visibility(), rows, campusIds) };
    },

    async get(viewer, id, t) {
      const campusIds = scope.campusesFor(viewer, perm.actorRead);
      await scope.assertVisible(viewer, id, t);
      return view(id, campusIds, t);
    },

    async byName(viewer, args, t) {
      const campusIds = scope.campusesFor(viewer, perm.actorRead);
      requireText(t, { lastName: args.lastName, firstName: args.firstName });
      const names = namePatterns(args.lastName, args.firstName);
      const rows: ActorRow[] = await knex('identity_actors as a')
        .select(actorColumns)
        .whereRaw('a.last_name ilike ?', [names.lastName])
        .whereRaw('a.first_name ilike ?', [names.firstName])
        .where(scope.onCampuses(campusIds))
        .orderByRaw(byLastName.join(', '));
      const kept = keepNameMatches(rows.map(toSummary), args.lastName, args.firstName, args).map((a) => a.id);
      return withDetails(knex, scope.visibility(), rows.filter((row) => kept.includes(row.id)), campusIds);
    },

    async byMail(viewer, args, t) {
      const campusIds = scope.campusesFor(viewer, perm.actorRead);
      requireText(t, { email: args.email });
      const rows: ActorRow[] = await knex('identity_actors as a')
        .select(actorColumns)
        .whereRaw('a.email ilike ?', [emailPattern(args.email)])
        .where(scope.onCampuses(campusIds))
        .orderByRaw(byLastName.join(', '));
      const kept = keepEmailMatches(rows.map(toSummary), args.email, args).map((a) => a.id);
      return withDetails(knex, scope.visibility(), rows.filter((row) => kept.includes(row.id)), campusIds);
    },

    async referentsByCampus(viewer, campusId) {
      core.permissions.assert(viewer, perm.actorRead, campusId);
      const rows: ActorRow[] = await knex('identity_actors as a')
        .select(actorColumns)
        .where('a.archived', false)
        .where(scope.onCampuses([campusId], 'referent'))
        .orderByRaw(byLastName.join(', '));
      return withDetails(knex, scope.visibility(), rows, scope.campusesFor(viewer, perm.actorRead));
    },

    async formOptions(viewer) {
      const campusIds = scope.campusesFor(viewer, perm.actorUpdate);
      const campuses: { id: string; name: string }[] = await knex('training_centre_campuses as campuses').whereIn('id', campusIds).select('id', 'name').orderBy('name');
      return {
        campuses: campuses.map((campus) => ({
          ...campus,
          typologies: actorTypologies.filter((typology) => !staffAccessTypologies.includes(typology) || permissions.isGranted(viewer, perm.staffGrant, campus.id)),
        })),
      };
    },

    async register(viewer, input, t) {
      scope.campusesFor(viewer, perm.actorUpdate);
      const value = await validate(actorSchema, input, t);
      return service.registerPerson(viewer, value, t);
    },

    async registerPerson(viewer, person, t, afterInsert) {
      assertMayGive(viewer, person.typology, person.campusId);
      await assertEmailFree(knex, person.email, null, t);
      const readable = scope.campusesFor(viewer, perm.actorRead);
      if (!person.ignoreDuplicates) {
        const duplicates = await findDuplicates(readable, person, null);
        if (duplicates.length) return { duplicates };
      }
      const id = await knex.transaction(async (trx) => {
        const actorId = await insertActor(trx, person, t);
        await afterInsert?.(trx, actorId);
        return actorId;
      });
      return { actor: await view(id, readable, t), message: t('people.actor.created') };
    },

    async updatePersonalInformation(viewer, id, input, t) {
      await scope.assertChangeable(viewer, id, t);
      const value = await validate(personalInformationSchema, input, t);
      const current: ActorRow = await knex('identity_actors as a').select(actorColumns).where('a.id', id).first();
      await assertEmailFree(knex, value.email, id, t);
      const readable = scope.campusesFor(viewer, perm.actorRead);
      const changed = current.first_name !== value.firstName || current.last_name !== value.lastName || current.email.toLowerCase() !== value.email;
      if (changed && !value.ignoreDuplicates) {
        const duplicates = await findDuplicates(readable, value, id);
        if (duplicates.length) return { duplicates };
      }
      const changes = { firstName: value.firstName, lastName: value.lastName, email: value.email, phone: value.phone ?? null };
      await refusingTakenEmail(t, () => accounts().update(knex, id, changes));
      return { actor: await view(id, readable, t), message: t('people.actor.saved') };
    },

    async addTypology(viewer, id, input, t) {
      await scope.assertVisible(viewer, id, t);
      const value = await validate(addTypologySchema, input, t);
      assertMayGive(viewer, value.typology, value.campusId);
      const added = await accounts().grant(knex, [{ actorId: id, campusId: value.campusId, typology: value.typology as Typology }]);
      if (!added) throw new ValidationError([{ path: 'typology', message: t('people.actor.typologyExists') }]);
      return { actor: await view(id, scope.campusesFor(viewer, perm.actorRead), t), message: t('people.actor.typologyAdded') };
    },

    async setArchived(viewer, id, archived, t) {
      await scope.assertChangeable(viewer, id, t);
      if (archived && viewer?.id === id) throw new ValidationError([{ path: 'archived', message: t('people.actor.archiveSelf') }]);
      await accounts().update(knex, id, { archived });
      return { actor: await view(id, scope.campusesFor(viewer, perm.actorRead), t), message: t(archived ? 'people.actor.archived' : 'people.actor.unarchived') };
    },

    assertChangeable: (viewer, id, t, trx) => scope.assertChangeable(viewer, id, t, trx),
    changeable: (viewer, ids, trx) => scope.changeable(viewer, ids, trx),

    async create(viewer, input, trx, t) {
      const translate = t ?? core.translator(viewer?.language);
      const value = await validate(actorSchema, { ...input, ignoreDuplicates: true }, translate);
      assertMayGive(viewer, value.typology, value.campusId);
      return trx ? insertActor(trx, value, translate) : knex.transaction((inner) => insertActor(inner, value, translate));
    },

    async byIds(ids, trx = knex) {
      if (!ids.length) return [];
      const rows: ActorRow[] = await trx('identity_actors as a').select(actorColumns).whereIn('a.id', [...new Set(ids)]);
      return rows.map(toSummary);
    },

    views,
  };
  return service;
}
