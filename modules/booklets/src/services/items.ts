import { NotFoundError, violatedConstraint, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { repeatedModule, type BookletItemInput, type BookletModule } from '../validation/index.js';
import type { BookletsContext, Db } from './context.js';
import type { TrainingCampuses } from './trainings.js';

/** SPEC §3 booklet item with its position in the list (1-based). */
export interface BookletItem {
  id: string;
  trainingId: string;
  trainingSessionId: string | null;
  title: string;
  position: number;
  date: string | null;
  startDate: string | null;
  endDate: string | null;
  modules: BookletModule[];
}

export interface BookletItemsService {
  /** The training's items, of one session's list (`null`: the general list), ordered. */
  list(actor: Actor | null, trainingId: string, sessionId: string | null): Promise<BookletItem[]>;
  get(actor: Actor | null, id: string): Promise<BookletItem>;
  create(actor: Actor | null, trainingId: string, input: BookletItemInput, t: Translate): Promise<BookletItem>;
  update(actor: Actor | null, id: string, input: BookletItemInput, t: Translate): Promise<BookletItem>;
  remove(actor: Actor | null, id: string): Promise<void>;
  /** Moves the item to a position of its list (clamped), shifting the others; one statement. */
  move(actor: Actor | null, id: string, position: number): Promise<BookletItem[]>;
  /** Internal: items by list (set query), for booklets. */
  byIds(db: Db, ids: readonly string[]): Promise<BookletItem[]>;
}

/** The session part of the module-uniqueness key: the general list is the nil UUID. */
const nilUuid = '00000000-0000-0000-0000-000000000000';
const sameList = (sessionId: string | null) => (qb: any) => (sessionId ? qb.where('training_session_id', sessionId) : qb.whereNull('training_session_id'));

export function bookletItemsService(ctx: BookletsContext, campusesOf: TrainingCampuses): BookletItemsService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /** The training's campuses; 404 when unknown or none of them is the actor's for this permission. */
  async function campuses(actor: Actor | null, trainingId: string, permission: string): Promise<string[]> {
    permissions.assert(actor, permission);
    const ids = (await campusesOf([trainingId])).get(trainingId) ?? [];
    if (!ids.some((campusId) => permissions.isGranted(actor, perm.itemRead, campusId))) throw new NotFoundError('training');
    if (permission === perm.itemManage) permissions.assertOnAll(actor, perm.itemManage, ids);
    return ids;
  }

  async function byIds(db: Db, ids: readonly string[]): Promise<BookletItem[]> {
    if (!ids.length) return [];
    const rows: any[] = await db('booklet_items as i')
      .leftJoin('booklet_item_modules as m', 'm.booklet_item_id', 'i.id')
      .whereIn('i.id', ids)
      .groupBy('i.id')
      .orderBy('i.position')
      .select('i.*', knex.raw("coalesce(array_agg(m.module ORDER BY m.module) FILTER (WHERE m.module IS NOT NULL), '{}') AS modules"));
    return rows.map(toItem);
  }

  async function listOf(db: Db, trainingId: string, sessionId: string | null) {
    const ids = await db('booklet_items').where('training_id', trainingId).modify(sameList(sessionId)).pluck('id');
    return byIds(db, ids);
  }

  async function find(actor: Actor | null, id: string, permission: string) {
    const row = await knex('booklet_items').where({ id }).first('training_id', 'training_session_id', 'position');
    if (!row) throw new NotFoundError('booklet item');
    await campuses(actor, row.training_id, permission);
    return row as { training_id: string; training_session_id: string | null; position: number };
  }

  /** Writes the item's modules; the partial unique index refuses a repeated single-item module (SPEC §5). */
  async function writeModules(trx: Db, id: string, trainingId: string, sessionId: string | null, input: BookletItemInput, t: Translate) {
    const others = await listOf(trx, trainingId, sessionId);
    const repeated = repeatedModule(input.modules, others.filter((item) => item.id !== id));
    if (repeated) ctx.refuse(t, 'booklets.validation.moduleOnce', 'modules', { module: t(`booklets.modules.${repeated}`) });
    await trx('booklet_item_modules').where('booklet_item_id', id).delete();
    const modules = [...new Set(input.modules)];
    try {
      await trx('booklet_item_modules').insert(modules.map((module) => ({ booklet_item_id: id, training_id: trainingId, scope_session_id: sessionId ?? nilUuid, module })));
    } catch (error) {
      if (violatedConstraint(error, 'uniqueViolation') === 'booklet_item_modules_once') ctx.refuse(t, 'booklets.validation.moduleOnceRace', 'modules');
      throw error;
    }
  }

  const columns = (input: BookletItemInput) => ({ title: input.title, date: input.date || null, start_date: input.date ? null : input.startDate || null, end_date: input.date ? null : input.endDate || null });

  return {
    async list(actor, trainingId, sessionId) {
      await campuses(actor, trainingId, perm.itemRead);
      return listOf(knex, trainingId, sessionId);
    },
    async get(actor, id) {
      await find(actor, id, perm.itemRead);
      return (await byIds(knex, [id]))[0]!;
    },
    async create(actor, trainingId, input, t) {
      await campuses(actor, trainingId, perm.itemManage);
      const sessionId = input.trainingSessionId ?? null;
      if (sessionId && !(await knex('trainings_training_sessions').where('id', sessionId).first('id'))) ctx.refuse(t, 'booklets.validation.session', 'trainingSessionId');
      const id = await knex.transaction(async (trx) => {
        // Lists are short and written by hand: serialising their writers keeps positions dense.
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`booklet-items:${trainingId}`]);
        const [row] = await trx('booklet_items')
          .insert({
            training_id: trainingId, training_session_id: sessionId, ...columns(input),
            // The next position of the list, as a subquery (a builder bound into raw SQL is wrapped in parentheses).
            position: trx.raw('?', [trx('booklet_items').where('training_id', trainingId).modify(sameList(sessionId)).select(trx.raw('coalesce(max(position), 0) + 1'))]),
          })
          .returning('id');
        if (!row) throw new Error('booklets: the item insert returned no row');
        await writeModules(trx, row.id, trainingId, sessionId, input, t);
        return row.id;
      });
      return (await byIds(knex, [id]))[0]!;
    },
    async update(actor, id, input, t) {
      const row = await find(actor, id, perm.itemManage);
      await knex.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`booklet-items:${row.training_id}`]);
        await trx('booklet_items').where({ id }).update({ ...columns(input), updated_at: trx.fn.now() });
        await writeModules(trx, id, row.training_id, row.training_session_id, input, t);
      });
      return (await byIds(knex, [id]))[0]!;
    },
    async remove(actor, id) {
      const row = await find(actor, id, perm.itemManage);
      await knex.transaction(async (trx) => {
        await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`booklet-items:${row.training_id}`]);
        const [gone] = await trx('booklet_items').where({ id }).delete().returning('position');
        if (!gone) return;
        await trx('booklet_items').where('training_id', row.training_id).modify(sameList(row.training_session_id))
          .where('position', '>', gone.position).update({ position: trx.raw('position - 1') });
      });
    },
    async move(actor, id, position) {
      const row = await find(actor, id, perm.itemManage);
      // One statement: the item takes the clamped position and the items between shift by one towards its old place.
      await knex.raw(
        `WITH m AS (SELECT id, position AS old, training_id, training_session_id FROM booklet_items WHERE id = :id),
              t AS (SELECT LEAST(GREATEST(:position::int, 1), (SELECT count(*) FROM booklet_items i, m
                      WHERE i.training_id = m.training_id AND i.training_session_id IS NOT DISTINCT FROM m.training_session_id))::int AS new FROM m)
         UPDATE booklet_items i SET updated_at = now(), position = CASE
             WHEN i.id = m.id THEN t.new
             WHEN t.new < m.old AND i.position >= t.new AND i.position < m.old THEN i.position + 1
             WHEN t.new > m.old AND i.position <= t.new AND i.position > m.old THEN i.position - 1
             ELSE i.position END
         FROM m, t
         WHERE i.training_id = m.training_id AND i.training_session_id IS NOT DISTINCT FROM m.training_session_id`,
        { id, position },
      );
      return listOf(knex, row.training_id, row.training_session_id);
    },
    byIds,
  };
}

function toItem(row: any): BookletItem {
  const day = (value: unknown) => (value ? (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)) : null);
  return {
    id: row.id, trainingId: row.training_id, trainingSessionId: row.training_session_id ?? null, title: row.title, position: row.position,
    date: day(row.date), startDate: day(row.start_date), endDate: day(row.end_date), modules: row.modules ?? [],
  };
}
