import crypto from 'node:crypto';
import { NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate, type Violation } from '@alterna/core';
import { certifierBaseSchema, newVariantSchema, variantSchema, type BlockInput } from '../validation/index.js';
import { assertCertifierBaseEditable, assertVariantRemovable, unfoldCertifierBase, type BlockContent } from '../rules/training-plan.js';
import { perm } from '../permissions.js';
import type { ServiceContext } from './context.js';
import type { SchoolSubjectsService } from './school-subjects.js';
import { subjectColumns, toSubject, type SubjectRow } from './school-subjects.js';
import type { TrainingSessionsService } from './sessions.js';
import type { TrainingsService } from './trainings.js';
import type { PlanBlock, PlanVariant, SchoolSubject, Training, TrainingPlan, TrainingSession } from './types.js';

export interface TrainingPlanEditorView {
  training: Training;
  sessions: TrainingSession[];
  /** The session shown: the one asked for, else the current one. */
  trainingSession: TrainingSession | null;
  /** Null until something is saved for that session. */
  plan: TrainingPlan | null;
}

export interface TrainingPlansService {
  editorView(actor: Actor | null, trainingId: string, trainingSessionId: string | null | undefined, t: Translate): Promise<TrainingPlanEditorView>;
  /** SPEC §7 getTrainingPlansByTraining: the training's plans of the current session, variants by name ascending. */
  byTrainingCurrentSession(actor: Actor | null, trainingId: string): Promise<TrainingPlan[]>;
  saveCertifierBase(actor: Actor | null, trainingId: string, input: unknown, t: Translate): Promise<TrainingPlan>;
  createVariant(actor: Actor | null, trainingId: string, input: unknown, t: Translate): Promise<{ plan: TrainingPlan; variantId: string }>;
  saveVariant(actor: Actor | null, variantId: string, input: unknown, t: Translate): Promise<TrainingPlan>;
  deleteVariant(actor: Actor | null, variantId: string, t: Translate): Promise<void>;
  deleteBlock(actor: Actor | null, blockId: string, t: Translate): Promise<void>;
  /** The session of the plan a variant belongs to (the variant must be the training's). */
  sessionOfVariant(trainingId: string, variantId: string): Promise<string>;
  /** Internal, for planning: the subject lines (with hours and block) of variants, in plan order (set query). */
  variantLines(variantIds: readonly string[]): Promise<Map<string, { blockName: string; schoolSubject: SchoolSubject; hours: number }[]>>;
  /** Internal: the variants of the plan of a training for a session. */
  variantsOf(trainingId: string, trainingSessionId: string): Promise<{ id: string; name: string }[]>;
}

interface PlanRow {
  id: string;
  training_id: string;
  training_session_id: string;
}

export function trainingPlansService(
  ctx: ServiceContext,
  deps: { trainings: TrainingsService; sessions: TrainingSessionsService; subjects: SchoolSubjectsService },
): TrainingPlansService {
  const { knex } = ctx.core;

  /** Plans with their base, variants (by name), blocks and subject lines: one set query per level. */
  const loadPlans = async (rows: PlanRow[], trx: Knex = knex): Promise<TrainingPlan[]> => {
    if (!rows.length) return [];
    const planIds = rows.map((r) => r.id);
    const sessions = new Map((await deps.sessions.list(trx)).map((s) => [s.id, s]));
    const variants: { id: string; training_plan_id: string; name: string }[] = await trx('training_plan_variants')
      .select('id', 'training_plan_id', 'name')
      .whereIn('training_plan_id', planIds)
      .orderBy([{ column: 'name' }, { column: 'id' }]);
    const counts: { variant_id: string; count: number }[] = variants.length
      ? await trx('training_groups').select('variant_id').count({ count: '*' }).whereIn('variant_id', variants.map((v) => v.id)).groupBy('variant_id')
      : [];
    const groupCount = new Map(counts.map((c) => [c.variant_id, Number(c.count)]));
    const blocks: { id: string; training_plan_id: string; variant_id: string | null; name: string }[] = await trx('training_plan_blocks')
      .select('id', 'training_plan_id', 'variant_id', 'name')
      .whereIn('training_plan_id', planIds)
      .orderBy([{ column: 'position' }, { column: 'name' }]);
    const lines: (SubjectRow & { line_id: string; block_id: string; hours: number })[] = blocks.length
      ? await trx('training_plan_subjects as l')
          .join('school_subjects as s', 's.id', 'l.school_subject_id')
          .select('l.id as line_id', 'l.block_id', 'l.hours', ...subjectColumns.map((c) => `s.${c}`))
          .whereIn('l.block_id', blocks.map((b) => b.id))
          .orderBy('l.position')
      : [];
    const linesByBlock = new Map<string, PlanBlock['schoolSubjectLines']>();
    for (const line of lines) {
      const list = linesByBlock.get(line.block_id) ?? [];
      list.push({ id: line.line_id, uuid: line.line_id, hours: Number(line.hours), schoolSubject: toSubject(line) });
      linesByBlock.set(line.block_id, list);
    }
    const toBlock = (b: (typeof blocks)[number]): PlanBlock => ({ id: b.id, uuid: b.id, name: b.name, schoolSubjectLines: linesByBlock.get(b.id) ?? [] });
    return rows.map((row) => {
      const planVariants: PlanVariant[] = variants
        .filter((v) => v.training_plan_id === row.id)
        .map((v) => ({ id: v.id, uuid: v.id, name: v.name, groupCount: groupCount.get(v.id) ?? 0, blocks: blocks.filter((b) => b.variant_id === v.id).map(toBlock) }));
      const session = sessions.get(row.training_session_id);
      if (!session) throw new Error(`training session ${row.training_session_id} is missing`);
      return {
        id: row.id,
        uuid: row.id,
        trainingId: row.training_id,
        trainingSession: session,
        certifierBase: blocks.filter((b) => b.training_plan_id === row.id && b.variant_id === null).map(toBlock),
        variants: planVariants,
        baseLocked: planVariants.length > 0,
      };
    });
  };

  const loadPlan = async (planId: string, trx: Knex = knex) => {
    const row: PlanRow | undefined = await trx('training_plans').select('id', 'training_id', 'training_session_id').where({ id: planId }).first();
    if (!row) throw new NotFoundError('training plan');
    const [plan] = await loadPlans([row], trx);
    return plan!;
  };

  const requireSession = async (id: string, t: Translate) => {
    const session = await deps.sessions.get(id);
    if (!session) throw new ValidationError([{ path: 'trainingSessionId', message: t('trainings.session.unknown') }]);
    return session;
  };

  /** The plan row of a training for a session, created on first use and locked for the transaction. */
  const lockPlan = async (trx: Knex.Transaction, trainingId: string, trainingSessionId: string): Promise<string> => {
    await trx('training_plans').insert({ training_id: trainingId, training_session_id: trainingSessionId }).onConflict(['training_id', 'training_session_id']).ignore();
    const row = await trx('training_plans').where({ training_id: trainingId, training_session_id: trainingSessionId }).forUpdate().first('id');
    if (!row) throw new Error('trainings: the plan row is missing after its upsert');
    return row.id;
  };

  /** Every line names an existing subject ("a subject chosen in every field"). */
  const assertSubjectsExist = async (blocks: BlockInput[], t: Translate, trx: Knex) => {
    const ids = blocks.flatMap((b) => (b.subjects ?? []).map((s) => s.schoolSubjectId as string));
    const found = new Set((await deps.subjects.byIds(ids, trx)).map((s) => s.id));
    const violations: Violation[] = [];
    blocks.forEach((block, i) =>
      (block.subjects ?? []).forEach((line, j) => {
        if (!found.has(line.schoolSubjectId as string)) violations.push({ path: `blocks[${i}].subjects[${j}].schoolSubjectId`, message: t('trainings.plan.subjectUnknown') });
      }),
    );
    if (violations.length) throw new ValidationError(violations);
  };

  /** Replaces the blocks of the base (variantId null) or of a variant; the old blocks' subjects go with them. */
  const replaceBlocks = async (trx: Knex, planId: string, variantId: string | null, blocks: BlockContent[]) => {
    const old = trx('training_plan_blocks').where('training_plan_id', planId);
    if (variantId) old.where('variant_id', variantId);
    else old.whereNull('variant_id');
    await old.delete();
    if (!blocks.length) return;
    const blockRows = blocks.map((block, position) => ({ id: crypto.randomUUID(), training_plan_id: planId, variant_id: variantId, name: block.name, position }));
    await trx('training_plan_blocks').insert(blockRows);
    const lineRows = blocks.flatMap((block, i) =>
      block.subjects.map((line, position) => ({ block_id: blockRows[i]!.id, school_subject_id: line.schoolSubjectId, hours: line.hours, position })),
    );
    if (lineRows.length) await trx('training_plan_subjects').insert(lineRows);
  };

  const toContent = (blocks: BlockInput[]): BlockContent[] =>
    blocks.map((b) => ({ name: b.name, subjects: (b.subjects ?? []).map((s) => ({ schoolSubjectId: s.schoolSubjectId as string, hours: s.hours })) }));

  const assertVariantNameFree = async (trx: Knex, planId: string, name: string, exceptId: string | null, t: Translate) => {
    const query = trx('training_plan_variants').where('training_plan_id', planId).whereRaw('lower(name) = lower(?)', [name]);
    if (exceptId) query.whereNot('id', exceptId);
    if (await query.first('id')) throw new ValidationError([{ path: 'name', message: t('trainings.plan.variantNameTaken') }]);
  };

  /** The variant, its plan and training; the actor must be allowed to change the training. */
  const variantForChange = async (actor: Actor | null, variantId: string) => {
    ctx.campusesFor(actor, perm.trainingUpdate);
    const row: { id: string; training_plan_id: string; training_id: string } | undefined = await knex('training_plan_variants as v')
      .join('training_plans as p', 'p.id', 'v.training_plan_id')
      .select('v.id', 'v.training_plan_id', 'p.training_id')
      .where('v.id', variantId)
      .first();
    if (!row) throw new NotFoundError('variant');
    await deps.trainings.assertCanChange(actor, row.training_id);
    return row;
  };

  return {
    async editorView(actor, trainingId, trainingSessionId, t) {
      const training = await deps.trainings.get(actor, trainingId);
      const sessions = await deps.sessions.list();
      const trainingSession = trainingSessionId ? await requireSession(trainingSessionId, t) : (sessions.find((s) => s.isCurrent) ?? null);
      const row: PlanRow | undefined = trainingSession
        ? await knex('training_plans').select('id', 'training_id', 'training_session_id').where({ training_id: trainingId, training_session_id: trainingSession.id }).first()
        : undefined;
      const [plan] = row ? await loadPlans([row]) : [];
      return { training, sessions, trainingSession, plan: plan ?? null };
    },
    async byTrainingCurrentSession(actor, trainingId) {
      await deps.trainings.assertCanRead(actor, trainingId);
      const current = await deps.sessions.current();
      if (!current) return [];
      const rows: PlanRow[] = await knex('training_plans').select('id', 'training_id', 'training_session_id').where({ training_id: trainingId, training_session_id: current.id });
      return loadPlans(rows);
    },
    async saveCertifierBase(actor, trainingId, input, t) {
      await deps.trainings.assertCanChange(actor, trainingId);
      const value = await validate(certifierBaseSchema, input, t);
      await requireSession(value.trainingSessionId, t);
      return knex.transaction(async (trx) => {
        const planId = await lockPlan(trx, trainingId, value.trainingSessionId);
        const variants = await trx('training_plan_variants').where('training_plan_id', planId).count<{ count: number }[]>({ count: '*' }).first();
        assertCertifierBaseEditable(Number(variants?.count ?? 0), t);
        await assertSubjectsExist(value.blocks, t, trx);
        await replaceBlocks(trx, planId, null, toContent(value.blocks));
        return loadPlan(planId, trx);
      });
    },
    async createVariant(actor, trainingId, input, t) {
      await deps.trainings.assertCanChange(actor, trainingId);
      const value = await validate(newVariantSchema, input, t);
      await requireSession(value.trainingSessionId, t);
      return knex.transaction(async (trx) => {
        const planId = await lockPlan(trx, trainingId, value.trainingSessionId);
        await assertVariantNameFree(trx, planId, value.name, null, t);
        const [variant] = await trx('training_plan_variants').insert({ training_plan_id: planId, name: value.name }).returning('id');
        if (!variant) throw new Error('trainings: the variant insert returned no row');
        if (value.mode === 'unfold') {
          const plan = await loadPlan(planId, trx);
          const base = plan.certifierBase.map((b) => ({ name: b.name, subjects: b.schoolSubjectLines.map((l) => ({ schoolSubjectId: l.schoolSubject.id, hours: l.hours })) }));
          await replaceBlocks(trx, planId, variant.id, unfoldCertifierBase(base));
        }
        return { plan: await loadPlan(planId, trx), variantId: variant.id };
      });
    },
    async saveVariant(actor, variantId, input, t) {
      const variant = await variantForChange(actor, variantId);
      const value = await validate(variantSchema, input, t);
      return knex.transaction(async (trx) => {
        await trx('training_plans').where('id', variant.training_plan_id).forUpdate().first('id');
        await assertVariantNameFree(trx, variant.training_plan_id, value.name, variantId, t);
        await assertSubjectsExist(value.blocks, t, trx);
        await trx('training_plan_variants').where('id', variantId).update({ name: value.name });
        await replaceBlocks(trx, variant.training_plan_id, variantId, toContent(value.blocks));
        return loadPlan(variant.training_plan_id, trx);
      });
    },
    async deleteVariant(actor, variantId, t) {
      await variantForChange(actor, variantId);
      await knex.transaction(async (trx) => {
        await trx('training_plan_variants').where('id', variantId).forUpdate().first('id');
        const groups = await trx('training_groups').where('variant_id', variantId).count<{ count: number }[]>({ count: '*' }).first();
        assertVariantRemovable(Number(groups?.count ?? 0), t);
        // Its blocks and their subjects go with it (foreign keys cascade).
        await trx('training_plan_variants').where('id', variantId).delete();
      });
    },
    async deleteBlock(actor, blockId, t) {
      ctx.campusesFor(actor, perm.trainingUpdate);
      const block: { id: string; variant_id: string | null; training_plan_id: string; training_id: string } | undefined = await knex('training_plan_blocks as b')
        .join('training_plans as p', 'p.id', 'b.training_plan_id')
        .select('b.id', 'b.variant_id', 'b.training_plan_id', 'p.training_id')
        .where('b.id', blockId)
        .first();
      if (!block) throw new NotFoundError('block');
      await deps.trainings.assertCanChange(actor, block.training_id);
      await knex.transaction(async (trx) => {
        await trx('training_plans').where('id', block.training_plan_id).forUpdate().first('id');
        if (!block.variant_id) {
          const variants = await trx('training_plan_variants').where('training_plan_id', block.training_plan_id).count<{ count: number }[]>({ count: '*' }).first();
          assertCertifierBaseEditable(Number(variants?.count ?? 0), t);
        }
        // Its subjects go with it (foreign key cascade).
        await trx('training_plan_blocks').where('id', blockId).delete();
      });
    },
    async sessionOfVariant(trainingId, variantId) {
      const row = await knex('training_plan_variants as v')
        .join('training_plans as p', 'p.id', 'v.training_plan_id')
        .where({ 'v.id': variantId, 'p.training_id': trainingId })
        .first('p.training_session_id');
      if (!row) throw new NotFoundError('variant');
      return row.training_session_id as string;
    },
    async variantLines(variantIds) {
      const map = new Map<string, { blockName: string; schoolSubject: SchoolSubject; hours: number }[]>(variantIds.map((id) => [id, []]));
      if (!variantIds.length) return map;
      const rows: (SubjectRow & { variant_id: string; block_name: string; hours: number })[] = await knex('training_plan_blocks as b')
        .join('training_plan_subjects as l', 'l.block_id', 'b.id')
        .join('school_subjects as s', 's.id', 'l.school_subject_id')
        .select('b.variant_id', 'b.name as block_name', 'l.hours', ...subjectColumns.map((c) => `s.${c}`))
        .whereIn('b.variant_id', [...new Set(variantIds)])
        .orderBy([{ column: 'b.position' }, { column: 'l.position' }]);
      for (const row of rows) map.get(row.variant_id)?.push({ blockName: row.block_name, schoolSubject: toSubject(row), hours: Number(row.hours) });
      return map;
    },
    async variantsOf(trainingId, trainingSessionId) {
      return knex('training_plan_variants as v')
        .join('training_plans as p', 'p.id', 'v.training_plan_id')
        .select('v.id', 'v.name')
        .where({ 'p.training_id': trainingId, 'p.training_session_id': trainingSessionId })
        .orderBy('v.name');
    },
  };
}
