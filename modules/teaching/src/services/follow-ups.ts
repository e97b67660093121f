import { fn, AccessDeniedError, NotFoundError, NotLoggedInError, ValidationError, validate, type Actor, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { editableFollowUpKinds, type FollowUpKind } from '../rules/references.js';
import { abandonFollowUpSchema, breakFollowUpSchema, disciplinaryFollowUpSchema, preventRegistrationBreakSchema } from '../validation/index.js';
import type { CoachesService } from './coaches.js';
import type { ServiceContext } from './context.js';
import { peopleByIds } from './people.js';
import type { FollowUp, StudentFollowUps } from '../types.js';
import { CoachingFollowUpModel } from '../models/index.js';
import type { CoachingFollowUpsRow } from '../models/rows.js';
export type { FollowUp, StudentFollowUps };



export interface FollowUpsService {
  overview(actor: Actor | null, studentId: string): Promise<StudentFollowUps>;
  get(actor: Actor | null, studentId: string, kind: FollowUpKind, id: string): Promise<FollowUp>;
  create(actor: Actor | null, studentId: string, kind: FollowUpKind, input: unknown, t: Translate): Promise<FollowUp>;
  /** Breaks and abandons only (SPEC §2: .../break/{id}/edit, .../abandon/{id}/edit). */
  update(actor: Actor | null, studentId: string, kind: FollowUpKind, id: string, input: unknown, t: Translate): Promise<FollowUp>;
}

const schemas = {
  disciplinary: disciplinaryFollowUpSchema,
  'prevent-registration-break': preventRegistrationBreakSchema,
  break: breakFollowUpSchema,
  abandon: abandonFollowUpSchema,
} as const;

type Row = CoachingFollowUpsRow;

export function followUpsService(ctx: ServiceContext, coaches: CoachesService): FollowUpsService {
  const { knex } = ctx;
  const rows = () =>
    knex('coaching_follow_ups')
      // DATE columns come as 'YYYY-MM-DD' text from either driver (the core's pg parsers, the embedded database's).
      .select('id', 'student_id', 'campus_id', 'kind', 'date', 'category', 'risks', 'description', 'actions', 'recorded_by', 'created_at', 'updated_at')
      .orderBy([{ column: 'date', order: 'desc' }, { column: 'created_at', order: 'desc' }]);

  const load = async (found: Row[]): Promise<FollowUp[]> => {
    if (!found.length) return [];
    const [campuses, recorders] = await Promise.all([
      ctx.trainingCentre().campuses.list([...new Set(found.map((r) => r.campus_id))]),
      peopleByIds(ctx, found.map((r) => r.recorded_by).filter((id): id is string => !!id), []),
    ]);
    return found.map((row) => {
      const recorder = recorders.find((p) => p.id === row.recorded_by);
      return {
        id: row.id, studentId: row.student_id, campus: campuses.find((c) => c.id === row.campus_id)!, kind: row.kind, date: row.date,
        category: row.category, risks: row.risks ?? [], description: row.description, actions: row.actions,
        recordedBy: recorder ? { id: recorder.id, firstName: recorder.firstName, lastName: recorder.lastName } : null,
        createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString(),
      };
    });
  };

  /**
   * The campus through which the actor reaches the student: staff holding the permission on one of the
   * student's campuses, or a coach there who follows the student in the current session.
   */
  const access = async (actor: Actor | null, studentId: string, permission: string): Promise<string> => {
    if (!actor) throw new NotLoggedInError();
    ctx.campusesFor(actor, permission);
    const studentCampuses = (await ctx.campusesOfActors([studentId], ['student'])).get(studentId) ?? [];
    if (!studentCampuses.length) throw new NotFoundError('student');
    const typologies = new Set<string>(ctx.core.permissions.get(permission).typologies);
    const rules = actor.rules.filter((rule) => typologies.has(rule.typology) && studentCampuses.includes(rule.campusId));
    const staff = rules.find((rule) => rule.typology !== 'coach');
    if (staff) return staff.campusId;
    const coach = rules.find((rule) => rule.typology === 'coach');
    if (coach && (await coaches.follows(actor.id, studentId))) return coach.campusId;
    throw new AccessDeniedError();
  };

  const one = async (studentId: string, kind: FollowUpKind, id: string): Promise<Row> => {
    const found = await rows().where({ id, student_id: studentId, kind }).first();
    if (!found) throw new NotFoundError('follow-up');
    return found;
  };

  const values = async (kind: FollowUpKind, input: unknown, t: Translate) => {
    const value = (await validate(schemas[kind], input, t)) as { date: string; category?: string; risks?: string[]; description?: string | null; actions?: string | null };
    return { date: value.date, category: value.category ?? null, risks: value.risks ?? [], description: value.description ?? null, actions: value.actions ?? null };
  };

  return {
    async overview(actor, studentId) {
      const campusId = await access(actor, studentId, perm.followUpRead);
      const [student] = await peopleByIds(ctx, [studentId], ['student']);
      const session = await ctx.trainings().sessions.current();
      const attribution = session ? await knex('coach_attributions').where({ student_id: studentId, training_session_id: session.id }).first('coach_id') : undefined;
      const [coach] = attribution ? await peopleByIds(ctx, [attribution.coach_id], []) : [];
      const canWrite = await access(actor, studentId, perm.followUpUpdate).then(() => true, () => false);
      return {
        student: { id: student!.id, firstName: student!.firstName, lastName: student!.lastName, campus: (student!.rules.find((r) => r.campus.id === campusId) ?? student!.rules[0]!).campus },
        coach: coach ? { id: coach.id, firstName: coach.firstName, lastName: coach.lastName } : null,
        followUps: await load(await rows().where({ student_id: studentId })),
        canWrite,
      };
    },
    async get(actor, studentId, kind, id) {
      await access(actor, studentId, perm.followUpRead);
      return (await load([await one(studentId, kind, id)]))[0]!;
    },
    async create(actor, studentId, kind, input, t) {
      const campusId = await access(actor, studentId, perm.followUpUpdate);
      const value = await values(kind, input, t);
      if (kind === 'abandon' && (await knex('coaching_follow_ups').where({ student_id: studentId, kind }).first('id'))) {
        throw new ValidationError([{ path: '', message: t('teaching.followUp.abandonExists') }]);
      }
      const [created] = await knex('coaching_follow_ups').insert({ student_id: studentId, campus_id: campusId, kind, ...value, recorded_by: actor!.id }).returning('id');
      if (!created) throw new Error('teaching: the follow-up insert returned no row');
      return (await load([await one(studentId, kind, created.id)]))[0]!;
    },
    async update(actor, studentId, kind, id, input, t) {
      if (!editableFollowUpKinds.includes(kind)) throw new NotFoundError('follow-up');
      await access(actor, studentId, perm.followUpUpdate);
      await one(studentId, kind, id);
      const value = await values(kind, input, t);
      await CoachingFollowUpModel.query(knex).findById(id).patch({ ...value, updated_at: fn.now() });
      return (await load([await one(studentId, kind, id)]))[0]!;
    },
  };
}
