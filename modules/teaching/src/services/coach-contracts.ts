import { NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate, type Violation } from '@alterna/core';
import type { Campus } from '@alterna/training-centre';
import type { TrainingSession } from '@alterna/trainings';
import { perm } from '../permissions.js';
import { contractTotals } from '../rules/related-activity.js';
import { coachContractSchema } from '../validation/index.js';
import type { CoachesService } from './coaches.js';
import { num, type ServiceContext } from './context.js';
import type { ReferencesService, RelatedActivity } from './references.js';
import { CoachContractModel } from '../models/index.js';
import type { CoachContractsRow } from '../models/rows.js';

/** A coach contract (SPEC §3): campus, session, dates and coachRelatedActivityLines. */
export interface CoachContract {
  id: string;
  coachId: string;
  campus: Campus;
  trainingSession: TrainingSession;
  startDate: string;
  endDate: string;
  relatedActivityLines: { id: string; relatedActivity: RelatedActivity; amount: number; price: number }[];
  totals: { activityHours: number; activityAmount: number };
}

export interface CoachContractsService {
  get(actor: Actor | null, coachId: string, contractId: string): Promise<CoachContract>;
  /** Contracts of a coach in the current session on the viewer's campuses, by start date. */
  ofCoach(actor: Actor | null, coachId: string): Promise<CoachContract[]>;
  create(actor: Actor | null, coachId: string, input: unknown, t: Translate): Promise<CoachContract>;
  update(actor: Actor | null, coachId: string, contractId: string, input: unknown, t: Translate): Promise<CoachContract>;
  remove(actor: Actor | null, coachId: string, contractId: string): Promise<void>;
}

type Row = Pick<CoachContractsRow, 'id' | 'coach_id' | 'campus_id' | 'training_session_id' | 'start_date' | 'end_date'>;

export function coachContractsService(ctx: ServiceContext, references: ReferencesService, coaches: CoachesService): CoachContractsService {
  const { knex } = ctx;
  const rows = (db: Knex = knex) =>
    db('coach_contracts')
      // DATE columns come as 'YYYY-MM-DD' text from either driver (the core's pg parsers, the embedded database's).
      .select('id', 'coach_id', 'campus_id', 'training_session_id', 'start_date', 'end_date')
      .orderBy([{ column: 'start_date' }, { column: 'created_at' }]);

  const load = async (found: Row[]): Promise<CoachContract[]> => {
    if (!found.length) return [];
    const [lines, activities, sessions, campuses] = await Promise.all([
      knex('coach_contract_activity_lines').select('id', 'coach_contract_id', 'related_activity_id', 'amount', 'price').whereIn('coach_contract_id', found.map((r) => r.id)).orderBy('position'),
      references.relatedActivities(),
      ctx.trainings().sessions.list(),
      ctx.trainingCentre().campuses.list([...new Set(found.map((r) => r.campus_id))]),
    ]);
    const activityById = new Map(activities.map((a) => [a.id, a]));
    return found.map((row) => {
      const relatedActivityLines = lines
        .filter((line) => line.coach_contract_id === row.id)
        .map((line) => ({ id: line.id, relatedActivity: activityById.get(line.related_activity_id)!, amount: num(line.amount), price: num(line.price) }));
      const totals = contractTotals([], relatedActivityLines.map((l) => ({ ...l, isHour: l.relatedActivity.isHour })));
      return {
        id: row.id,
        coachId: row.coach_id,
        campus: campuses.find((c) => c.id === row.campus_id)!,
        trainingSession: sessions.find((s) => s.id === row.training_session_id)!,
        startDate: row.start_date,
        endDate: row.end_date,
        relatedActivityLines,
        totals: { activityHours: totals.activityHours, activityAmount: totals.activityAmount },
      };
    });
  };

  /** The coach's contract, on a campus where the actor holds the permission. */
  const own = async (actor: Actor | null, coachId: string, contractId: string, permission: string, trx: Knex = knex): Promise<Row> => {
    ctx.campusesFor(actor, permission);
    const found = await rows(trx).where({ id: contractId }).first();
    if (!found || found.coach_id !== coachId) throw new NotFoundError('coach contract');
    ctx.core.permissions.assert(actor, permission, found.campus_id);
    return found;
  };

  const check = async (actor: Actor, coachId: string, input: unknown, t: Translate, trx: Knex) => {
    const value = await validate(coachContractSchema, input, t);
    ctx.core.permissions.assert(actor, perm.coachUpdate, value.campusId);
    const violations: Violation[] = [];
    if (!((await coaches.campusesOf([coachId], trx)).get(coachId) ?? []).includes(value.campusId)) violations.push({ path: 'campusId', message: t('teaching.coach.notOnCampus') });
    const session = (await ctx.trainings().sessions.list(trx)).find((s) => s.id === value.trainingSessionId);
    if (!session) violations.push({ path: 'trainingSessionId', message: t('teaching.contract.sessionUnknown') });
    else if (value.startDate < session.startDate || value.endDate > session.endDate) {
      violations.push({ path: 'startDate', message: t('teaching.contract.outsideSession', { start: session.startDate, end: session.endDate }) });
    }
    const activities = new Set((await references.relatedActivities('coach', trx)).map((a) => a.id));
    value.relatedActivityLines.forEach((line, i) => {
      if (!activities.has(line.relatedActivityId)) violations.push({ path: `relatedActivityLines[${i}].relatedActivityId`, message: t('teaching.coach.activityUnknown') });
    });
    if (violations.length) throw new ValidationError(violations);
    return value;
  };

  const write = async (trx: Knex, contractId: string, value: Awaited<ReturnType<typeof check>>) => {
    await trx('coach_contract_activity_lines').where({ coach_contract_id: contractId }).delete();
    await trx('coach_contract_activity_lines').insert(
      value.relatedActivityLines.map((line, position) => ({ coach_contract_id: contractId, related_activity_id: line.relatedActivityId, amount: line.amount, price: line.price, position })),
    );
  };

  const reload = async (id: string) => (await load(await rows().where({ id })))[0]!;

  return {
    async get(actor, coachId, contractId) {
      return (await load([await own(actor, coachId, contractId, perm.coachRead)]))[0]!;
    },
    async ofCoach(actor, coachId) {
      await coaches.get(actor, coachId);
      const session = await ctx.trainings().sessions.current();
      if (!session) return [];
      return load(await rows().where({ coach_id: coachId, training_session_id: session.id }).whereIn('campus_id', ctx.campusesFor(actor, perm.coachRead)));
    },
    async create(actor, coachId, input, t) {
      await coaches.get(actor, coachId, perm.coachUpdate);
      const id = await knex.transaction(async (trx) => {
        const value = await check(actor!, coachId, input, t, trx);
        const [created] = await trx('coach_contracts')
          .insert({ coach_id: coachId, campus_id: value.campusId, training_session_id: value.trainingSessionId, start_date: value.startDate, end_date: value.endDate })
          .returning('id');
        if (!created) throw new Error('teaching: the coach contract insert returned no row');
        await write(trx, created.id, value);
        return created.id;
      });
      return reload(id);
    },
    async update(actor, coachId, contractId, input, t) {
      await knex.transaction(async (trx) => {
        await own(actor, coachId, contractId, perm.coachUpdate, trx);
        const value = await check(actor!, coachId, input, t, trx);
        await trx('coach_contracts')
          .where({ id: contractId })
          .update({ campus_id: value.campusId, training_session_id: value.trainingSessionId, start_date: value.startDate, end_date: value.endDate, updated_at: trx.fn.now() });
        await write(trx, contractId, value);
      });
      return reload(contractId);
    },
    async remove(actor, coachId, contractId) {
      await own(actor, coachId, contractId, perm.coachUpdate);
      await CoachContractModel.query(knex).deleteById(contractId);
    },
  };
}
