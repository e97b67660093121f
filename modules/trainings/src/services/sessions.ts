import { NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate } from '@alterna/core';
import { trainingSessionSchema } from '../validation/index.js';
import { pickCurrentSession } from '../rules/current-session.js';
import { perm } from '../permissions.js';
import type { ServiceContext } from './context.js';
import type { TrainingSessionsRow } from '../models/rows.js';
import type { TrainingSession } from './types.js';

export interface TrainingSessionsService {
  /** Every session, the most recent first, the current one flagged (pass the trx inside a transaction). */
  list(trx?: Knex): Promise<TrainingSession[]>;
  get(id: string): Promise<TrainingSession | null>;
  /** The session containing today, else the next one; null when there is neither. */
  current(): Promise<TrainingSession | null>;
  create(actor: Actor | null, input: unknown, t: Translate): Promise<TrainingSession>;
}


export function sessionsService(ctx: ServiceContext): TrainingSessionsService {
  const { knex } = ctx.core;
  // DATE columns come as 'YYYY-MM-DD' text from either driver (the core's pg parsers, the embedded database's).
  const all = async (db: Knex = knex): Promise<TrainingSession[]> => {
    const rows: Pick<TrainingSessionsRow, 'id' | 'name' | 'start_date' | 'end_date'>[] = await db('training_sessions')
      .select('id', 'name', 'start_date', 'end_date')
      .orderBy('start_date', 'desc');
    const sessions = rows.map((row) => ({ id: row.id, uuid: row.id, name: row.name, startDate: row.start_date, endDate: row.end_date, isCurrent: false }));
    const current = pickCurrentSession(sessions, ctx.today());
    if (current) current.isCurrent = true;
    return sessions;
  };
  return {
    list: (trx) => all(trx),
    async get(id) {
      return (await all()).find((s) => s.id === id) ?? null;
    },
    async current() {
      return (await all()).find((s) => s.isCurrent) ?? null;
    },
    async create(actor, input, t) {
      ctx.core.permissions.assert(actor, perm.sessionUpdate);
      const value = await validate(trainingSessionSchema, input, t);
      const clash = await knex('training_sessions')
        .whereRaw("daterange(start_date, end_date, '[]') && daterange(?::date, ?::date, '[]')", [value.startDate, value.endDate])
        .first('id');
      if (clash) throw new ValidationError([{ path: 'startDate', message: t('trainings.session.overlap') }]);
      if (await knex('training_sessions').whereRaw('lower(name) = lower(?)', [value.name]).first('id')) {
        throw new ValidationError([{ path: 'name', message: t('trainings.session.nameTaken') }]);
      }
      const [row] = await knex('training_sessions').insert({ name: value.name, start_date: value.startDate, end_date: value.endDate }).returning('id');
      const created = row && (await all()).find((s) => s.id === row.id);
      if (!created) throw new NotFoundError('training session');
      return created;
    },
  };
}
