import { NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate } from '@alterna/core';
import { schoolSubjectSchema } from '../validation/index.js';
import { perm } from '../permissions.js';
import type { ServiceContext } from './context.js';
import type { SchoolSubject } from './types.js';

/**
 * School subjects are the centre's shared catalogue (they have no campus, SPEC §3): any staff actor holding
 * the read permission somewhere reads them, one holding the change permission somewhere edits them.
 */
export interface SchoolSubjectsService {
  list(actor: Actor | null, filter?: { archived?: boolean | null }): Promise<SchoolSubject[]>;
  create(actor: Actor | null, input: unknown, t: Translate): Promise<SchoolSubject>;
  /** Edits the given fields; `archived` archives or unarchives, with the SPEC §8 message. */
  update(actor: Actor | null, id: string, input: Record<string, unknown>, t: Translate): Promise<{ schoolSubject: SchoolSubject; message: string }>;
  /** Internal: subjects by id (set query). */
  byIds(ids: readonly string[], trx?: Knex): Promise<SchoolSubject[]>;
}

export interface SubjectRow {
  id: string;
  name: string;
  short_name: string;
  level: string | null;
  color: string;
  archived: boolean;
}

export const subjectColumns = ['id', 'name', 'short_name', 'level', 'color', 'archived'] as const;

export function toSubject(row: SubjectRow): SchoolSubject {
  return { id: row.id, uuid: row.id, name: row.name, shortName: row.short_name, level: row.level, color: row.color, archived: row.archived };
}

export function schoolSubjectsService(ctx: ServiceContext): SchoolSubjectsService {
  const { knex } = ctx.core;

  const assertShortNameFree = async (shortName: string, exceptId: string | null, t: Translate) => {
    const query = knex('school_subjects').whereRaw('lower(short_name) = lower(?)', [shortName]);
    if (exceptId) query.whereNot('id', exceptId);
    if (await query.first('id')) throw new ValidationError([{ path: 'shortName', message: t('trainings.subject.shortNameTaken') }]);
  };

  return {
    async list(actor, filter = {}) {
      ctx.campusesFor(actor, perm.subjectRead);
      const query = knex('school_subjects').select(...subjectColumns).orderBy([{ column: 'name' }, { column: 'short_name' }]);
      if (typeof filter.archived === 'boolean') query.where('archived', filter.archived);
      return (await query).map(toSubject);
    },
    async create(actor, input, t) {
      ctx.campusesFor(actor, perm.subjectUpdate);
      const value = await validate(schoolSubjectSchema, input, t);
      await assertShortNameFree(value.shortName, null, t);
      const [row] = await knex('school_subjects')
        .insert({ name: value.name, short_name: value.shortName, level: value.level || null, color: value.color.toLowerCase() })
        .returning([...subjectColumns]);
      if (!row) throw new Error('trainings: the school subject insert returned no row');
      return toSubject(row);
    },
    async update(actor, id, input, t) {
      ctx.campusesFor(actor, perm.subjectUpdate);
      const current = await knex('school_subjects').select(...subjectColumns).where({ id }).first();
      if (!current) throw new NotFoundError('school subject');
      const merged = { name: current.name, shortName: current.short_name, level: current.level, color: current.color, ...pick(input, ['name', 'shortName', 'level', 'color']) };
      const value = await validate(schoolSubjectSchema, merged, t);
      if (input.archived !== undefined && input.archived !== null && typeof input.archived !== 'boolean') {
        throw new ValidationError([{ path: 'archived', message: t('validation.invalid') }]);
      }
      const archived = typeof input.archived === 'boolean' ? input.archived : current.archived;
      await assertShortNameFree(value.shortName, id, t);
      const [row] = await knex('school_subjects')
        .where({ id })
        .update({ name: value.name, short_name: value.shortName, level: value.level || null, color: value.color.toLowerCase(), archived, updated_at: knex.fn.now() })
        .returning([...subjectColumns]);
      if (!row) throw new NotFoundError('school subject');
      const message = archived !== current.archived ? t(archived ? 'trainings.subject.archived' : 'trainings.subject.unarchived') : t('trainings.subject.saved');
      return { schoolSubject: toSubject(row), message };
    },
    async byIds(ids, trx = knex) {
      if (!ids.length) return [];
      return (await trx('school_subjects').select(...subjectColumns).whereIn('id', [...new Set(ids)])).map(toSubject);
    },
  };
}

function pick(input: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]));
}
