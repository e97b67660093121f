import { changesRecord, fn, AccessDeniedError, narrowCampuses, NotFoundError, seesRecord, ValidationError, validate, type Actor, type Translate } from '@alterna/core';
import { trainingSchema } from '../validation/index.js';
import { perm } from '../permissions.js';
import { campusRefs } from './campuses.js';
import type { ServiceContext } from './context.js';
import type { Training } from './types.js';
import { TrainingModel } from '../models/index.js';

export interface TrainingFilter {
  /** Campuses asked for; those the actor may not read are ignored. */
  campusIds?: readonly string[] | null;
  publishedOnly?: boolean;
}

export interface TrainingsService {
  /** Trainings offered on the actor's campuses (or those asked), ordered by shortName ascending. */
  list(actor: Actor | null, filter?: TrainingFilter): Promise<Training[]>;
  /** SPEC §7 getTrainingsPublishedByCampus: the campus must be one of the actor's. */
  publishedByCampus(actor: Actor | null, campusId: string): Promise<Training[]>;
  /** SPEC §7 getTrainingsPublishedByCampusList: campuses not the actor's are left out. */
  publishedByCampusList(actor: Actor | null, campusIds: readonly string[]): Promise<Training[]>;
  get(actor: Actor | null, id: string): Promise<Training>;
  create(actor: Actor | null, input: unknown, t: Translate): Promise<Training>;
  update(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<Training>;
  /** Throws unless the training exists and the actor may change it (the permission on all its campuses). */
  assertCanChange(actor: Actor | null, id: string): Promise<string[]>;
  /** Throws unless the training exists and is offered on one of the actor's campuses for that permission. */
  assertCanRead(actor: Actor | null, id: string, permission?: string): Promise<string[]>;
  /** Internal: campuses offering each training (set query). */
  campusesOf(ids: readonly string[]): Promise<Map<string, string[]>>;
}

interface TrainingRow {
  id: string;
  name: string;
  short_name: string;
  is_published: boolean;
}

export function trainingsService(ctx: ServiceContext): TrainingsService {
  const { knex } = ctx.core;

  const campusesOf = async (ids: readonly string[]) => {
    const map = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (!ids.length) return map;
    const rows: { training_id: string; campus_id: string }[] = await knex('training_campuses').select('training_id', 'campus_id').whereIn('training_id', [...new Set(ids)]);
    for (const row of rows) map.get(row.training_id)?.push(row.campus_id);
    return map;
  };

  /** Trainings offered on any of the campuses, with only those campuses listed. */
  const load = async (campusIds: readonly string[], options: { ids?: readonly string[]; publishedOnly?: boolean } = {}): Promise<Training[]> => {
    if (!campusIds.length) return [];
    const query = knex('trainings as t')
      .select('t.id', 't.name', 't.short_name', 't.is_published')
      .whereExists(knex('training_campuses as tc').whereRaw('tc.training_id = t.id').whereIn('tc.campus_id', campusIds))
      .orderBy([{ column: 't.short_name', order: 'asc' }, { column: 't.name', order: 'asc' }]);
    if (options.ids) query.whereIn('t.id', options.ids);
    if (options.publishedOnly) query.where('t.is_published', true);
    const rows: TrainingRow[] = await query;
    const offered = await campusesOf(rows.map((r) => r.id));
    const refs = await campusRefs(ctx, campusIds);
    return rows.map((row) => ({
      id: row.id,
      uuid: row.id,
      name: row.name,
      shortName: row.short_name,
      isPublished: row.is_published,
      campuses: (offered.get(row.id) ?? [])
        .filter((id) => campusIds.includes(id))
        .map((id) => refs.get(id))
        .filter((c) => c !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name)),
    }));
  };

  const assertShortNameFree = async (shortName: string, exceptId: string | null, t: Translate) => {
    const query = knex('trainings').whereRaw('lower(short_name) = lower(?)', [shortName]);
    if (exceptId) query.whereNot('id', exceptId);
    if (await query.first('id')) throw new ValidationError([{ path: 'shortName', message: t('trainings.training.shortNameTaken') }]);
  };

  const assertCampusesExist = async (ids: readonly string[], t: Translate) => {
    const found = await campusRefs(ctx, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new ValidationError([{ path: 'campusIds', message: t('errors.invalidId', { value: missing[0] }) }]);
  };

  const service: TrainingsService = {
    async list(actor, filter = {}) {
      const campuses = narrowCampuses(filter.campusIds, ctx.campusesFor(actor, perm.trainingRead));
      return load(campuses, { publishedOnly: filter.publishedOnly });
    },
    async publishedByCampus(actor, campusId) {
      ctx.core.permissions.assert(actor, perm.trainingRead, campusId);
      return load([campusId], { publishedOnly: true });
    },
    async publishedByCampusList(actor, campusIds) {
      return service.list(actor, { campusIds, publishedOnly: true });
    },
    async get(actor, id) {
      const campuses = ctx.campusesFor(actor, perm.trainingRead);
      const [training] = await load(campuses, { ids: [id] });
      if (training) return training;
      if (await TrainingModel.query(knex).findById(id).select('id')) throw new AccessDeniedError();
      throw new NotFoundError('training');
    },
    async create(actor, input, t) {
      ctx.campusesFor(actor, perm.trainingUpdate);
      const value = await validate(trainingSchema, input, t);
      const campusIds = [...new Set(value.campusIds)];
      ctx.assertOnAll(actor, perm.trainingUpdate, campusIds);
      await assertCampusesExist(campusIds, t);
      await assertShortNameFree(value.shortName, null, t);
      const id = await knex.transaction(async (trx) => {
        const [row] = await trx('trainings').insert({ name: value.name, short_name: value.shortName, is_published: value.isPublished ?? false }).returning('id');
        if (!row) throw new Error('trainings: the training insert returned no row');
        await trx('training_campuses').insert(campusIds.map((campusId) => ({ training_id: row.id, campus_id: campusId })));
        return row.id;
      });
      return service.get(actor, id);
    },
    async update(actor, id, input, t) {
      const current = await service.assertCanChange(actor, id);
      const value = await validate(trainingSchema, input, t);
      const campusIds = [...new Set(value.campusIds)];
      ctx.assertOnAll(actor, perm.trainingUpdate, campusIds);
      await assertCampusesExist(campusIds, t);
      await assertShortNameFree(value.shortName, id, t);
      const dropped = current.filter((campusId) => !campusIds.includes(campusId));
      if (dropped.length && (await knex('training_groups').where('training_id', id).whereIn('campus_id', dropped).first('id'))) {
        throw new ValidationError([{ path: 'campusIds', message: t('trainings.training.campusHasGroups') }]);
      }
      await knex.transaction(async (trx) => {
        await TrainingModel.query(trx).findById(id).patch({ name: value.name, short_name: value.shortName, is_published: value.isPublished ?? false, updated_at: fn.now() });
        if (dropped.length) await trx('training_campuses').where('training_id', id).whereIn('campus_id', dropped).delete();
        const added = campusIds.filter((campusId) => !current.includes(campusId));
        if (added.length) await trx('training_campuses').insert(added.map((campusId) => ({ training_id: id, campus_id: campusId })));
      });
      return service.get(actor, id);
    },
    async assertCanChange(actor, id) {
      const changeCampuses = ctx.campusesFor(actor, perm.trainingUpdate);
      const campuses = await service.assertCanRead(actor, id, perm.trainingRead);
      if (!changesRecord(campuses, changeCampuses)) throw new AccessDeniedError();
      return campuses;
    },
    async assertCanRead(actor, id, permission = perm.trainingRead) {
      const readCampuses = ctx.campusesFor(actor, permission);
      if (!(await TrainingModel.query(knex).findById(id).select('id'))) throw new NotFoundError('training');
      const campuses = (await campusesOf([id])).get(id) ?? [];
      if (!seesRecord(campuses, readCampuses)) throw new AccessDeniedError();
      return campuses;
    },
    campusesOf,
  };
  return service;
}
