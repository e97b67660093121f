import { AccessDeniedError, NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate } from '@alterna/core';
import { perm, teacherTypologies } from '../permissions.js';
import { teacherInformationsSchema } from '../validation/index.js';
import type { ServiceContext } from './context.js';
import { peopleByIds, type Person } from './people.js';
import type { TeacherInformations } from '../types.js';
export type { TeacherInformations };

/** A teacher: an actor with typology teacher or trainer on a campus (SPEC §3 Actor, §6); rules on the campuses the viewer may see. */
export type Teacher = Person;


export interface TeachersService {
  /** Teachers of the viewer's campuses (narrowed to campusList), by last name then first name. */
  list(actor: Actor | null, campusList?: readonly string[] | null): Promise<Teacher[]>;
  /** One teacher the viewer may see with that permission: Access Denied when it teaches on none of its campuses. */
  get(actor: Actor | null, teacherId: string, permission?: string): Promise<Teacher>;
  informations(actor: Actor | null, teacherId: string): Promise<TeacherInformations | null>;
  /** new: the teacher has none yet; edit: it has some. */
  saveInformations(actor: Actor | null, teacherId: string, input: unknown, mode: 'new' | 'edit', t: Translate): Promise<TeacherInformations>;
  /** Campuses where the teacher teaches, for any caller (no actor check). */
  campusesOf(teacherIds: readonly string[], trx?: Knex): Promise<Map<string, string[]>>;
  /** Internal: teachers by id, whatever their campuses (no actor check). */
  byIds(ids: readonly string[], campusIds?: readonly string[] | null, trx?: Knex): Promise<Teacher[]>;
}

export function teachersService(ctx: ServiceContext): TeachersService {
  const { knex } = ctx;

  const byIds = (ids: readonly string[], campusIds: readonly string[] | null = null, trx: Knex = knex): Promise<Teacher[]> => peopleByIds(ctx, ids, teacherTypologies, campusIds, trx);

  const get = async (actor: Actor | null, teacherId: string, permission: string = perm.teacherRead): Promise<Teacher> => {
    const allowed = ctx.campusesFor(actor, permission);
    const campuses = (await ctx.campusesOfActors([teacherId], teacherTypologies)).get(teacherId) ?? [];
    if (!campuses.length) throw new NotFoundError('teacher');
    if (!campuses.some((id) => allowed.includes(id))) throw new AccessDeniedError();
    const [teacher] = await byIds([teacherId], allowed);
    if (!teacher) throw new NotFoundError('teacher');
    return teacher;
  };

  const readInformations = async (teacherId: string): Promise<TeacherInformations | null> => {
    const row = await knex('teacher_informations').where({ actor_id: teacherId }).first('specialities', 'diploma', 'professional_experience', 'comment');
    return row ? { specialities: row.specialities, diploma: row.diploma, professionalExperience: row.professional_experience, comment: row.comment } : null;
  };

  return {
    async list(actor, campusList) {
      const campuses = ctx.campusesFor(actor, perm.teacherRead, campusList);
      if (!campuses.length) return [];
      return byIds(await ctx.visibility().peopleOn(campuses, teacherTypologies), campuses);
    },
    get,
    async informations(actor, teacherId) {
      await get(actor, teacherId);
      return readInformations(teacherId);
    },
    async saveInformations(actor, teacherId, input, mode, t) {
      await get(actor, teacherId, perm.teacherUpdate);
      const value = await validate(teacherInformationsSchema, input, t);
      const existing = await readInformations(teacherId);
      if (mode === 'new' && existing) throw new ValidationError([{ path: '', message: t('teaching.teacher.informationsExist') }]);
      if (mode === 'edit' && !existing) throw new NotFoundError('teacher informations');
      const row = { specialities: value.specialities, diploma: value.diploma, professional_experience: value.professionalExperience, comment: value.comment };
      if (existing) await knex('teacher_informations').where({ actor_id: teacherId }).update({ ...row, updated_at: knex.fn.now() });
      else await knex('teacher_informations').insert({ actor_id: teacherId, ...row });
      return (await readInformations(teacherId))!;
    },
    campusesOf: (teacherIds, trx) => ctx.campusesOfActors(teacherIds, teacherTypologies, trx),
    byIds,
  };
}
