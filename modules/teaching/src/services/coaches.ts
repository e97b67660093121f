import { AccessDeniedError, NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate, type Violation } from '@alterna/core';
import type { TrainingSession } from '@alterna/trainings';
import { perm } from '../permissions.js';
import { coachAttributionSchema, coachInformationsSchema } from '../validation/index.js';
import type { ServiceContext } from './context.js';
import { peopleByIds, type Person } from './people.js';
import type { CoachInformations, CoachedStudent } from '../types.js';
import { CoachAttributionModel } from '../models/index.js';
export type { CoachInformations, CoachedStudent };

/** A coach: an actor with typology coach on a campus; rules on the campuses the viewer may see. */
export type Coach = Person;



export interface CoachesService {
  /** Coaches of the viewer's campuses (narrowed to campusList), by last then first name. */
  list(actor: Actor | null, campusList?: readonly string[] | null): Promise<Coach[]>;
  get(actor: Actor | null, coachId: string, permission?: string): Promise<Coach>;
  informations(actor: Actor | null, coachId: string): Promise<CoachInformations | null>;
  saveInformations(actor: Actor | null, coachId: string, input: unknown, mode: 'new' | 'edit', t: Translate): Promise<CoachInformations>;
  /** Students of the viewer's campuses (narrowed to campusList) with their coach in the current session, by last then first name. */
  students(actor: Actor | null, campusList?: readonly string[] | null): Promise<CoachedStudent[]>;
  /** Students a coach follows in the current session, on the viewer's campuses. */
  studentsOf(actor: Actor | null, coachId: string): Promise<CoachedStudent[]>;
  /** The students of the campus are followed by the coach in the current session (their former coach, if any, is replaced). */
  attribute(actor: Actor | null, input: unknown, t: Translate): Promise<{ message: string; students: CoachedStudent[] }>;
  removeAttribution(actor: Actor | null, attributionId: string, t: Translate): Promise<{ message: string }>;
  /** Campuses where each actor is a coach (no actor check). */
  campusesOf(coachIds: readonly string[], trx?: Knex): Promise<Map<string, string[]>>;
  /** Whether the coach follows the student in the current session (no actor check). */
  follows(coachId: string, studentId: string, trx?: Knex): Promise<boolean>;
  currentSession(): Promise<TrainingSession>;
}

export function coachesService(ctx: ServiceContext): CoachesService {
  const { knex } = ctx;

  const currentSession = async (): Promise<TrainingSession> => {
    const session = await ctx.trainings().sessions.current();
    if (!session) throw new NotFoundError('current training session');
    return session;
  };

  const get = async (actor: Actor | null, coachId: string, permission: string = perm.coachRead): Promise<Coach> => {
    const allowed = ctx.campusesFor(actor, permission);
    const campuses = (await ctx.campusesOfActors([coachId], ['coach'])).get(coachId) ?? [];
    if (!campuses.length) throw new NotFoundError('coach');
    if (!campuses.some((id) => allowed.includes(id))) throw new AccessDeniedError();
    const [coach] = await peopleByIds(ctx, [coachId], ['coach'], allowed);
    return coach!;
  };

  const readInformations = async (coachId: string): Promise<CoachInformations | null> => {
    const row = await knex('coach_informations').where({ actor_id: coachId }).first('specialities', 'max_students', 'comment');
    return row ? { specialities: row.specialities, maxStudents: row.max_students, comment: row.comment } : null;
  };

  /** Students (typology student) on those campuses with their current coach: four set queries. */
  const coached = async (campusIds: readonly string[], filter: { studentIds?: readonly string[]; coachId?: string } = {}): Promise<CoachedStudent[]> => {
    if (!campusIds.length) return [];
    const session = await ctx.trainings().sessions.current();
    const attributions: { id: string; student_id: string; coach_id: string }[] = session
      ? await knex('coach_attributions').select('id', 'student_id', 'coach_id').where({ training_session_id: session.id }).whereIn('campus_id', campusIds as string[])
      : [];
    let studentIds = filter.studentIds ? [...filter.studentIds] : await ctx.visibility().peopleOn(campusIds, ['student']);
    if (filter.coachId) studentIds = attributions.filter((a) => a.coach_id === filter.coachId).map((a) => a.student_id);
    const students = await peopleByIds(ctx, studentIds, ['student'], campusIds);
    const byStudent = new Map(attributions.map((a) => [a.student_id, a]));
    const coaches = new Map((await peopleByIds(ctx, [...new Set(attributions.map((a) => a.coach_id))], ['coach'])).map((c) => [c.id, c]));
    return students
      .filter((student) => student.rules.length > 0)
      .map((student) => {
        const attribution = byStudent.get(student.id);
        const coach = attribution ? coaches.get(attribution.coach_id) : undefined;
        return {
          id: student.id,
          firstName: student.firstName,
          lastName: student.lastName,
          campus: student.rules[0]!.campus,
          attributionId: attribution?.id ?? null,
          coach: coach ? { id: coach.id, firstName: coach.firstName, lastName: coach.lastName } : null,
        };
      });
  };

  return {
    async list(actor, campusList) {
      const campuses = ctx.campusesFor(actor, perm.coachRead, campusList);
      return peopleByIds(ctx, await ctx.visibility().peopleOn(campuses, ['coach']), ['coach'], campuses);
    },
    get,
    async informations(actor, coachId) {
      await get(actor, coachId);
      return readInformations(coachId);
    },
    async saveInformations(actor, coachId, input, mode, t) {
      await get(actor, coachId, perm.coachUpdate);
      const value = await validate(coachInformationsSchema, input, t);
      const existing = await readInformations(coachId);
      if (mode === 'new' && existing) throw new ValidationError([{ path: '', message: t('teaching.coach.informationsExist') }]);
      if (mode === 'edit' && !existing) throw new NotFoundError('coach informations');
      const row = { specialities: value.specialities, max_students: value.maxStudents ?? null, comment: value.comment };
      if (existing) await knex('coach_informations').where({ actor_id: coachId }).update({ ...row, updated_at: knex.fn.now() });
      else await knex('coach_informations').insert({ actor_id: coachId, ...row });
      return (await readInformations(coachId))!;
    },
    async students(actor, campusList) {
      return coached(ctx.campusesFor(actor, perm.coachRead, campusList));
    },
    async studentsOf(actor, coachId) {
      await get(actor, coachId);
      return coached(ctx.campusesFor(actor, perm.coachRead), { coachId });
    },
    async attribute(actor, input, t) {
      const value = await validate(coachAttributionSchema, input, t);
      ctx.core.permissions.assert(actor, perm.coachUpdate, value.campusId);
      const session = await currentSession();
      const studentIds = [...new Set(value.studentIds)];
      await knex.transaction(async (trx) => {
        const violations: Violation[] = [];
        const coachCampuses = (await ctx.campusesOfActors([value.coachId], ['coach'], trx)).get(value.coachId) ?? [];
        if (!coachCampuses.includes(value.campusId)) violations.push({ path: 'coachId', message: t('teaching.coach.notOnCampus') });
        const studentCampuses = await ctx.campusesOfActors(studentIds, ['student'], trx);
        studentIds.forEach((id, i) => {
          if (!(studentCampuses.get(id) ?? []).includes(value.campusId)) violations.push({ path: `studentIds[${i}]`, message: t('teaching.coach.studentNotOnCampus') });
        });
        const info = await trx('coach_informations').where({ actor_id: value.coachId }).first('max_students');
        if (info?.max_students) {
          const others = await trx('coach_attributions').where({ coach_id: value.coachId, training_session_id: session.id }).whereNotIn('student_id', studentIds).count<{ n: string }[]>({ n: '*' }).first();
          const total = Number(others?.n ?? 0) + studentIds.length;
          if (total > info.max_students) violations.push({ path: 'studentIds', message: t('teaching.coach.tooManyStudents', { max: info.max_students, count: total }) });
        }
        if (violations.length) throw new ValidationError(violations);
        await trx('coach_attributions')
          .insert(studentIds.map((student_id) => ({ coach_id: value.coachId, student_id, campus_id: value.campusId, training_session_id: session.id, attributed_by: actor!.id })))
          .onConflict(['student_id', 'training_session_id'])
          .merge(['coach_id', 'campus_id', 'attributed_by', 'created_at']);
      });
      return { message: t('teaching.coach.attributed', { count: studentIds.length }), students: await coached([value.campusId], { studentIds }) };
    },
    async removeAttribution(actor, attributionId, t) {
      ctx.campusesFor(actor, perm.coachUpdate);
      const attribution = await CoachAttributionModel.query(knex).findById(attributionId).select('campus_id');
      if (!attribution) throw new NotFoundError('coach attribution');
      ctx.core.permissions.assert(actor, perm.coachUpdate, attribution.campus_id);
      await CoachAttributionModel.query(knex).deleteById(attributionId);
      return { message: t('teaching.coach.attributionRemoved') };
    },
    campusesOf: (coachIds, trx) => ctx.campusesOfActors(coachIds, ['coach'], trx),
    async follows(coachId, studentId, trx = knex) {
      const session = await ctx.trainings().sessions.current();
      if (!session) return false;
      return !!(await trx('coach_attributions').where({ coach_id: coachId, student_id: studentId, training_session_id: session.id }).first('id'));
    },
    currentSession,
  };
}
