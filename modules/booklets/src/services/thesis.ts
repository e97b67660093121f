import { NotFoundError, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import type { BookletsContext } from './context.js';
import type { TrainingCampuses } from './trainings.js';

export interface ThesisSkill {
  id: string;
  name: string;
  position: number;
  coefficient: number;
}

/** The thesis evaluation grid of a training: its mark scale, instructions and the weighted thesis skills. */
export interface ThesisGrid {
  trainingId: string;
  maxMark: number;
  instructions: string;
  skills: ThesisSkill[];
}

export interface ThesisService {
  grid(actor: Actor | null, trainingId: string): Promise<ThesisGrid>;
  /** SPEC §2 /coaching/thesis-skill/new/{training}. */
  addSkill(actor: Actor | null, trainingId: string, input: { name: string }): Promise<ThesisSkill>;
  removeSkill(actor: Actor | null, id: string): Promise<void>;
  /** SPEC §2 /coaching/thesis-evaluation-grid/{training}/edit: the scale, instructions and skill weights in one transaction. */
  editGrid(actor: Actor | null, trainingId: string, input: { maxMark: number; instructions: string; skills: { id: string; coefficient: number }[] }, t: Translate): Promise<ThesisGrid>;
  /** Internal: the skills' names of trainings (set query), to prefill evaluation forms. */
  skillNames(trainingIds: readonly string[]): Promise<Map<string, string[]>>;
}

export function thesisService(ctx: BookletsContext, campusesOf: TrainingCampuses): ThesisService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  async function assertTraining(actor: Actor | null, trainingId: string, permission: string) {
    permissions.assert(actor, permission);
    const ids = (await campusesOf([trainingId])).get(trainingId) ?? [];
    if (!ids.some((campusId) => permissions.isGranted(actor, perm.itemRead, campusId))) throw new NotFoundError('training');
    if (permission === perm.itemManage) permissions.assertOnAll(actor, perm.itemManage, ids);
  }
  async function read(trainingId: string): Promise<ThesisGrid> {
    const [grid, skills] = await Promise.all([
      knex('booklet_thesis_grids').where('training_id', trainingId).first('max_mark', 'instructions'),
      knex('booklet_thesis_skills').where('training_id', trainingId).orderBy('position').select('id', 'name', 'position', 'coefficient'),
    ]);
    return {
      trainingId, maxMark: grid?.max_mark ?? 20, instructions: grid?.instructions ?? '',
      skills: skills.map((row: any) => ({ id: row.id, name: row.name, position: row.position, coefficient: Number(row.coefficient) })),
    };
  }
  return {
    async grid(actor, trainingId) {
      await assertTraining(actor, trainingId, perm.itemRead);
      return read(trainingId);
    },
    async addSkill(actor, trainingId, input) {
      await assertTraining(actor, trainingId, perm.itemManage);
      const [row] = await knex('booklet_thesis_skills')
        .insert({
          training_id: trainingId, name: input.name,
          position: knex.raw('(SELECT coalesce(max(position), 0) + 1 FROM booklet_thesis_skills WHERE training_id = ?)', [trainingId]),
        })
        .returning(['id', 'name', 'position', 'coefficient']);
      if (!row) throw new Error('booklets: the thesis skill insert returned no row');
      return { id: row.id, name: row.name, position: row.position, coefficient: Number(row.coefficient) };
    },
    async removeSkill(actor, id) {
      const row = await knex('booklet_thesis_skills').where({ id }).first('training_id');
      if (!row) throw new NotFoundError('thesis skill');
      await assertTraining(actor, row.training_id, perm.itemManage);
      await knex('booklet_thesis_skills').where({ id }).delete();
    },
    async editGrid(actor, trainingId, input, t) {
      await assertTraining(actor, trainingId, perm.itemManage);
      await knex.transaction(async (trx) => {
        await trx('booklet_thesis_grids')
          .insert({ training_id: trainingId, max_mark: input.maxMark, instructions: input.instructions })
          .onConflict('training_id').merge({ max_mark: input.maxMark, instructions: input.instructions, updated_at: trx.fn.now() });
        if (!input.skills.length) return;
        // One statement for all the weights; a skill of another training matches nothing and is refused.
        const updated = await trx.raw(
          `UPDATE booklet_thesis_skills s SET coefficient = v.coefficient FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, coefficient numeric)
           WHERE s.id = v.id AND s.training_id = ?`,
          [JSON.stringify(input.skills), trainingId],
        );
        if (updated.rowCount !== new Set(input.skills.map((skill) => skill.id)).size) ctx.refuse(t, 'booklets.validation.skillNotOfTraining', 'skills');
      });
      return read(trainingId);
    },
    async skillNames(trainingIds) {
      const rows: any[] = trainingIds.length ? await knex('booklet_thesis_skills').whereIn('training_id', trainingIds).orderBy('position').select('training_id', 'name') : [];
      const names = new Map<string, string[]>();
      for (const row of rows) names.set(row.training_id, [...(names.get(row.training_id) ?? []), row.name]);
      return names;
    },
  };
}
