import { isPgError, NotFoundError, NotLoggedInError, ValidationError, type Actor, type Knex, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { cleanName, nameTaken } from '../rules/names.js';
import { overlappingSlot, shortTime, startsBeforeEnd } from '../rules/time-slots.js';
import { campusesFor } from './access.js';
import { CampusModel, ModelTimeSlotModel, TimeSlotModel } from '../models/index.js';

export interface TimeSlot {
  id: string;
  startTime: string;
  endTime: string;
  modelTimeSlotId: string;
}

export interface ModelTimeSlot {
  id: string;
  name: string;
  campus: { id: string; name: string; openDays: number[] };
  timeSlots: TimeSlot[];
}

export interface TimeSlotInput {
  modelTimeSlot: string;
  startTime: string;
  endTime: string;
}

export interface TimeSlotsService {
  /** Models of the viewer's campuses (narrowed to campusList), by campus then name, slots by start time. */
  models(viewer: Actor | null, campusList?: string[] | null): Promise<ModelTimeSlot[]>;
  model(viewer: Actor | null, id: string): Promise<ModelTimeSlot | null>;
  /** Models of those campuses, without actor check (for the planning module). */
  modelsOfCampuses(campusIds: string[]): Promise<ModelTimeSlot[]>;
  createModel(viewer: Actor | null, input: { campus: string; name: string }, t: Translate): Promise<ModelTimeSlot>;
  updateModel(viewer: Actor | null, id: string, input: { name: string }, t: Translate): Promise<ModelTimeSlot>;
  deleteModel(viewer: Actor | null, id: string, t: Translate): Promise<string>;
  createSlot(viewer: Actor | null, input: TimeSlotInput, t: Translate): Promise<TimeSlot>;
  updateSlot(viewer: Actor | null, id: string, input: TimeSlotInput, t: Translate): Promise<TimeSlot>;
  deleteSlot(viewer: Actor | null, id: string, t: Translate): Promise<string>;
}

export function timeSlotsService(knex: Knex, permissions: PermissionMatrix): TimeSlotsService {
  const notFound = (t: Translate) => new NotFoundError(t('errors.notFound'));
  const toSlot = (row: { id: string; start_time: string; end_time: string; model_time_slot_id: string }): TimeSlot => ({
    id: row.id,
    startTime: shortTime(row.start_time),
    endTime: shortTime(row.end_time),
    modelTimeSlotId: row.model_time_slot_id,
  });

  /** Models of the campuses with their campus and their slots (one graph fetch: a query per relation, not per model). */
  async function load(campusIds: string[], modelIds?: string[]): Promise<ModelTimeSlot[]> {
    if (!campusIds.length) return [];
    const query = ModelTimeSlotModel.query(knex)
      .joinRelated('campus')
      .whereIn('model_time_slots.campus_id', campusIds)
      .select('model_time_slots.id', 'model_time_slots.name', 'model_time_slots.campus_id')
      .withGraphFetched('[campus, timeSlots(byStart)]')
      .modifiers({ byStart: (slots) => slots.select('id', 'start_time', 'end_time', 'model_time_slot_id').orderBy('start_time') })
      .orderBy([{ column: 'campus.name' }, { column: 'model_time_slots.name' }]);
    if (modelIds) query.whereIn('model_time_slots.id', modelIds);
    const models = (await query) as (ModelTimeSlotModel & { campus: CampusModel; timeSlots: TimeSlotModel[] })[];
    return models.map((model) => ({
      id: model.id,
      name: model.name,
      campus: { id: model.campus.id, name: model.campus.name, openDays: model.campus.open_days as number[] },
      timeSlots: model.timeSlots.map(toSlot),
    }));
  }

  /** The model and its campus, after checking the viewer may change that campus. */
  async function modelForChange(viewer: Actor | null, id: string | undefined, t: Translate, path: string) {
    if (!viewer) throw new NotLoggedInError();
    const model = id ? await knex('model_time_slots').where({ id }).first('id', 'name', 'campus_id') : null;
    if (!model) {
      // "A model must be selected": an id that matches nothing is no selection either.
      permissions.assert(viewer, perm.campusUpdate);
      throw new ValidationError([{ path, message: t('training-centre.timeSlot.modelRequired') }]);
    }
    permissions.assert(viewer, perm.campusUpdate, model.campus_id);
    return model as { id: string; name: string; campus_id: string };
  }

  function overlapError(t: Translate, model: { name: string }, other: { startTime: string; endTime: string }) {
    return new ValidationError([
      { path: 'startTime', message: t('training-centre.timeSlot.overlap', { start: shortTime(other.startTime), end: shortTime(other.endTime), model: model.name }) },
    ]);
  }

  /** Checks the slot against its model's others, writes it, and answers a lost race with the same message. */
  async function saveSlot(viewer: Actor | null, id: string | null, input: TimeSlotInput, t: Translate): Promise<TimeSlot> {
    const model = await modelForChange(viewer, input.modelTimeSlot, t, 'modelTimeSlot');
    const slot = { id: id ?? undefined, startTime: input.startTime, endTime: input.endTime };
    if (!startsBeforeEnd(slot)) throw new ValidationError([{ path: 'endTime', message: t('training-centre.timeSlot.startBeforeEnd') }]);
    const others = async () => (await knex('time_slots').where({ model_time_slot_id: model.id }).select('id', 'start_time', 'end_time', 'model_time_slot_id')).map(toSlot);
    const overlap = overlappingSlot(slot, await others());
    if (overlap) throw overlapError(t, model, overlap);
    try {
      const values = { model_time_slot_id: model.id, start_time: input.startTime, end_time: input.endTime };
      const [row] = id ? await knex('time_slots').where({ id }).update(values).returning('*') : await knex('time_slots').insert(values).returning('*');
      if (!row) throw notFound(t);
      return toSlot(row);
    } catch (error) {
      // Two saves at once both passed the check above: the exclusion constraint lets one through.
      if (isPgError(error, 'exclusionViolation')) {
        const winner = overlappingSlot(slot, await others());
        throw overlapError(t, model, winner ?? slot);
      }
      throw error;
    }
  }

  async function slotForChange(viewer: Actor | null, id: string, t: Translate) {
    if (!viewer) throw new NotLoggedInError();
    const row = await knex('time_slots as s').join('model_time_slots as m', 'm.id', 's.model_time_slot_id').where('s.id', id).first('s.id', 'm.campus_id');
    if (!row) throw notFound(t);
    permissions.assert(viewer, perm.campusUpdate, row.campus_id);
    return row;
  }

  async function assertNameFree(campusId: string, name: string, exceptId: string | null, t: Translate) {
    const siblings = await knex('model_time_slots').where({ campus_id: campusId }).select('id', 'name');
    if (nameTaken(name, siblings, exceptId)) throw new ValidationError([{ path: 'name', message: t('training-centre.modelTimeSlot.nameTaken', { name }) }]);
  }

  async function uniqueName<T>(name: string, t: Translate, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isPgError(error, 'uniqueViolation')) throw new ValidationError([{ path: 'name', message: t('training-centre.modelTimeSlot.nameTaken', { name }) }]);
      throw error;
    }
  }

  return {
    models: (viewer, campusList) => load(campusesFor(permissions, viewer, perm.campusRead, campusList)),

    async model(viewer, id) {
      const [model] = await load(campusesFor(permissions, viewer, perm.campusRead), [id]);
      return model ?? null;
    },

    modelsOfCampuses: (campusIds) => load(campusIds),

    async createModel(viewer, input, t) {
      if (!viewer) throw new NotLoggedInError();
      const campus = await knex('campuses').where({ id: input.campus }).first('id');
      if (!campus) {
        permissions.assert(viewer, perm.campusUpdate);
        throw new ValidationError([{ path: 'campus', message: t('training-centre.modelTimeSlot.campusRequired') }]);
      }
      permissions.assert(viewer, perm.campusUpdate, campus.id);
      const name = cleanName(input.name);
      await assertNameFree(campus.id, name, null, t);
      const [row] = await uniqueName(name, t, () => knex('model_time_slots').insert({ campus_id: campus.id, name }).returning('id'));
      if (!row) throw new Error('training-centre: the time slot model insert returned no row');
      return (await load([campus.id], [row.id]))[0]!;
    },

    async updateModel(viewer, id, input, t) {
      if (!viewer) throw new NotLoggedInError();
      const model = await knex('model_time_slots').where({ id }).first('id', 'campus_id');
      if (!model) throw notFound(t);
      permissions.assert(viewer, perm.campusUpdate, model.campus_id);
      const name = cleanName(input.name);
      await assertNameFree(model.campus_id, name, id, t);
      await uniqueName(name, t, () => knex('model_time_slots').where({ id }).update({ name, updated_at: knex.fn.now() }));
      return (await load([model.campus_id], [id]))[0]!;
    },

    async deleteModel(viewer, id, t) {
      if (!viewer) throw new NotLoggedInError();
      const model = await knex('model_time_slots').where({ id }).first('id', 'campus_id');
      if (!model) throw notFound(t);
      permissions.assert(viewer, perm.campusUpdate, model.campus_id);
      // Its slots go with it (ON DELETE CASCADE).
      await knex('model_time_slots').where({ id }).delete();
      return id;
    },

    createSlot: (viewer, input, t) => saveSlot(viewer, null, input, t),

    async updateSlot(viewer, id, input, t) {
      await slotForChange(viewer, id, t);
      return saveSlot(viewer, id, input, t);
    },

    async deleteSlot(viewer, id, t) {
      await slotForChange(viewer, id, t);
      await knex('time_slots').where({ id }).delete();
      return id;
    },
  };
}
