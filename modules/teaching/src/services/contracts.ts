import { fn, AccessDeniedError, NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate, type Violation } from '@alterna/core';
import { perm } from '../permissions.js';
import { canMoveContract, isContractDeletable, isContractEditable, type ContractStatus } from '../rules/references.js';
import { contractStatusSchema, teacherContractSchema } from '../validation/index.js';
import { contractRows, loadContracts, loadSubjectLines, type ContractRow, type ContractSubjectLines, type TeacherContract } from './contract-store.js';
import type { ServiceContext } from './context.js';
import type { ReferencesService } from './references.js';
import type { TeachersService } from './teachers.js';
import { TeacherContractModel } from '../models/index.js';

/** Counts, per contract, what another module holds on it (planning's lessons); a contract in use is not deleted. */
export type ContractUsageCheck = (contractIds: string[], trx: Knex) => Promise<Map<string, number>>;

export interface ContractsService {
  /** One contract the viewer may read (Access Denied on another campus). */
  get(actor: Actor | null, contractId: string, permission?: string): Promise<TeacherContract>;
  /** SPEC §7 getTeacherContractByStatus(id): the contract and its status, in the current session only (else null). */
  byStatus(actor: Actor | null, contractId: string): Promise<TeacherContract | null>;
  /** Contracts of those teachers in a session on those campuses (no actor check: callers narrow the campuses). */
  ofTeachers(teacherIds: readonly string[], trainingSessionId: string, campusIds: readonly string[]): Promise<TeacherContract[]>;
  create(actor: Actor | null, teacherId: string, input: unknown, t: Translate): Promise<TeacherContract>;
  update(actor: Actor | null, teacherId: string, contractId: string, input: unknown, t: Translate): Promise<TeacherContract>;
  remove(actor: Actor | null, teacherId: string, contractId: string, t: Translate): Promise<void>;
  updateStatus(actor: Actor | null, contractId: string, input: unknown, t: Translate): Promise<TeacherContract>;
  /**
   * For planning: the contracts of a session with their subject lines (no actor check), narrowed to
   * campuses and teachers when given; cancelled contracts are left out unless asked for.
   */
  ofSession(trainingSessionId: string, filter?: { campusIds?: readonly string[]; teacherIds?: readonly string[]; includeCancelled?: boolean }, trx?: Knex): Promise<ContractSubjectLines[]>;
  /** For planning: contracts by id with their subject lines (no actor check). */
  byIds(ids: readonly string[], trx?: Knex): Promise<ContractSubjectLines[]>;
  /** Planning registers how many lessons hold each contract, in its `register` hook. */
  registerUsage(check: ContractUsageCheck): void;
}

export function contractsService(ctx: ServiceContext, references: ReferencesService, teachers: TeachersService): ContractsService {
  const { knex } = ctx;
  const usageChecks: ContractUsageCheck[] = [];

  const load = (rows: ContractRow[]) => loadContracts(ctx, references, rows);

  // Loaded after the transaction: campuses come from training-centre, which reads outside it (PGlite has one connection).
  const reload = async (contractId: string) => (await load([await row(contractId)]))[0]!;

  const row = async (contractId: string, trx: Knex = knex): Promise<ContractRow> => {
    const found: ContractRow | undefined = await contractRows(trx).where('tc.id', contractId).first();
    if (!found) throw new NotFoundError('teacher contract');
    return found;
  };

  const get = async (actor: Actor | null, contractId: string, permission: string = perm.teacherRead) => {
    ctx.campusesFor(actor, permission);
    const found = await row(contractId);
    ctx.core.permissions.assert(actor, permission, found.campus_id);
    return (await load([found]))[0]!;
  };

  /** The contract of that teacher, writable by the actor on its campus. */
  const own = async (actor: Actor | null, teacherId: string, contractId: string, trx: Knex = knex): Promise<ContractRow> => {
    ctx.campusesFor(actor, perm.teacherUpdate);
    const found = await row(contractId, trx);
    if (found.teacher_id !== teacherId) throw new NotFoundError('teacher contract');
    ctx.core.permissions.assert(actor, perm.teacherUpdate, found.campus_id);
    return found;
  };

  /** Checks a submitted contract against the teacher, the session and the reference lists; answers every problem at once. */
  const check = async (actor: Actor, teacherId: string, input: unknown, existing: ContractRow | null, t: Translate, trx: Knex) => {
    const value = await validate(teacherContractSchema, input, t);
    // The campus of the contract is the campus touched: the actor must be allowed to change it there.
    ctx.core.permissions.assert(actor, perm.teacherUpdate, value.campusId);
    const violations: Violation[] = [];
    const teacherCampuses = (await teachers.campusesOf([teacherId], trx)).get(teacherId) ?? [];
    if (!teacherCampuses.includes(value.campusId)) violations.push({ path: 'campusId', message: t('teaching.contract.campusNotTeacher') });

    const session = (await ctx.trainings().sessions.list(trx)).find((s) => s.id === value.trainingSessionId);
    if (!session) violations.push({ path: 'trainingSessionId', message: t('teaching.contract.sessionUnknown') });
    else if (value.startDate < session.startDate || value.endDate > session.endDate) {
      violations.push({ path: 'startDate', message: t('teaching.contract.outsideSession', { start: session.startDate, end: session.endDate }) });
    }

    const status = (await references.teacherStatuses(trx)).find((s) => s.id === value.teacherStatusId);
    if (!status) violations.push({ path: 'teacherStatusId', message: t('teaching.contract.statusUnknown') });

    const companyId = value.teacherCompanyId ?? null;
    if (companyId) {
      const company = await trx('teacher_companies as c')
        .leftJoin('teacher_company_teachers as l', function on() {
          this.on('l.teacher_company_id', 'c.id').andOn('l.teacher_id', trx.raw('?', [teacherId]));
        })
        .where('c.id', companyId)
        .first('c.id', 'c.invalidated_at', 'l.teacher_id');
      if (!company || !company.teacher_id) violations.push({ path: 'teacherCompanyId', message: t('teaching.contract.companyNotAssociated') });
      // An invalidated company stays on the contracts that already name it, and is offered to no other.
      else if (company.invalidated_at && existing?.teacher_company_id !== companyId) violations.push({ path: 'teacherCompanyId', message: t('teaching.contract.companyInvalidated') });
    } else if (status?.requiresCompany) {
      violations.push({ path: 'teacherCompanyId', message: t('teaching.contract.companyRequired') });
    }

    const kept = new Set<string>(existing ? (await trx('teacher_contract_subject_lines').where({ teacher_contract_id: existing.id }).pluck('school_subject_id')) : []);
    const subjects = new Map((await ctx.trainings().subjects.byIds(value.schoolSubjectLines.map((l) => l.schoolSubjectId), trx)).map((s) => [s.id, s]));
    value.schoolSubjectLines.forEach((line, i) => {
      const subject = subjects.get(line.schoolSubjectId);
      if (!subject) violations.push({ path: `schoolSubjectLines[${i}].schoolSubjectId`, message: t('teaching.contract.subjectUnknown') });
      else if (subject.archived && !kept.has(subject.id)) violations.push({ path: `schoolSubjectLines[${i}].schoolSubjectId`, message: t('teaching.contract.subjectArchived', { name: subject.name }) });
    });

    const activities = new Set((await references.relatedActivities('teacher', trx)).map((a) => a.id));
    value.relatedActivityLines.forEach((line, i) => {
      if (!activities.has(line.relatedActivityId)) violations.push({ path: `relatedActivityLines[${i}].relatedActivityId`, message: t('teaching.contract.activityUnknown') });
    });
    if (violations.length) throw new ValidationError(violations);
    return value;
  };

  type Value = Awaited<ReturnType<typeof check>>;

  const writeLines = async (trx: Knex, contractId: string, value: Value) => {
    await trx('teacher_contract_subject_lines').where({ teacher_contract_id: contractId }).delete();
    await trx('teacher_contract_activity_lines').where({ teacher_contract_id: contractId }).delete();
    if (value.schoolSubjectLines.length) {
      await trx('teacher_contract_subject_lines').insert(
        value.schoolSubjectLines.map((line, position) => ({ teacher_contract_id: contractId, school_subject_id: line.schoolSubjectId, hours: line.hours, position })),
      );
    }
    if (value.relatedActivityLines.length) {
      await trx('teacher_contract_activity_lines').insert(
        value.relatedActivityLines.map((line, position) => ({ teacher_contract_id: contractId, related_activity_id: line.relatedActivityId, amount: line.amount, price: line.price, position })),
      );
    }
  };

  const fields = (value: Value) => ({
    campus_id: value.campusId,
    training_session_id: value.trainingSessionId,
    start_date: value.startDate,
    end_date: value.endDate,
    teacher_status_id: value.teacherStatusId,
    teacher_company_id: value.teacherCompanyId ?? null,
  });

  return {
    get,
    async byStatus(actor, contractId) {
      const contract = await get(actor, contractId);
      return contract.trainingSession.isCurrent ? contract : null;
    },
    async ofTeachers(teacherIds, trainingSessionId, campusIds) {
      if (!teacherIds.length || !campusIds.length) return [];
      const rows: ContractRow[] = await contractRows(knex)
        .whereIn('tc.teacher_id', teacherIds as string[])
        .whereIn('tc.campus_id', campusIds as string[])
        .where('tc.training_session_id', trainingSessionId);
      return load(rows);
    },
    async create(actor, teacherId, input, t) {
      await teachers.get(actor, teacherId, perm.teacherUpdate);
      const id = await knex.transaction(async (trx) => {
        const value = await check(actor!, teacherId, input, null, t, trx);
        const [created] = await trx('teacher_contracts').insert({ teacher_id: teacherId, status: 'draft', ...fields(value) }).returning('id');
        if (!created) throw new Error('teaching: the contract insert returned no row');
        await writeLines(trx, created.id, value);
        return created.id;
      });
      return reload(id);
    },
    async update(actor, teacherId, contractId, input, t) {
      await knex.transaction(async (trx) => {
        const existing = await own(actor, teacherId, contractId, trx);
        if (!isContractEditable(existing.status)) {
          throw new ValidationError([{ path: '', message: t('teaching.contract.notEditable', { status: t(`teaching.contractStatus.${existing.status}`) }) }]);
        }
        const value = await check(actor!, teacherId, input, existing, t, trx);
        await trx('teacher_contracts').where({ id: contractId }).update({ ...fields(value), updated_at: trx.fn.now() });
        await writeLines(trx, contractId, value);
      });
      return reload(contractId);
    },
    async remove(actor, teacherId, contractId, t) {
      await knex.transaction(async (trx) => {
        const existing = await own(actor, teacherId, contractId, trx);
        if (!isContractDeletable(existing.status)) throw new ValidationError([{ path: '', message: t('teaching.contract.signedNotDeleted') }]);
        let uses = 0;
        for (const usage of await Promise.all(usageChecks.map((c) => c([contractId], trx)))) uses += usage.get(contractId) ?? 0;
        if (uses > 0) throw new ValidationError([{ path: '', message: t('teaching.contract.inUse', { count: uses }) }]);
        await TeacherContractModel.query(trx).deleteById(contractId);
      });
    },
    async updateStatus(actor, contractId, input, t) {
      ctx.campusesFor(actor, perm.teacherUpdate);
      const { status } = await validate(contractStatusSchema, input, t);
      await knex.transaction(async (trx) => {
        const existing = await row(contractId, trx);
        if (!actor || !ctx.core.permissions.isGranted(actor, perm.teacherUpdate, existing.campus_id)) throw new AccessDeniedError();
        const to = status as ContractStatus;
        if (!canMoveContract(existing.status, to)) {
          throw new ValidationError([{ path: 'status', message: t('teaching.contract.transitionRefused', { from: t(`teaching.contractStatus.${existing.status}`), to: t(`teaching.contractStatus.${to}`) }) }]);
        }
        await TeacherContractModel.query(trx).findById(contractId).patch({ status: to, updated_at: fn.now() });
      });
      return reload(contractId);
    },
    async ofSession(trainingSessionId, filter = {}, trx = knex) {
      const query = contractRows(trx).where('tc.training_session_id', trainingSessionId);
      if (filter.campusIds) query.whereIn('tc.campus_id', filter.campusIds as string[]);
      if (filter.teacherIds) query.whereIn('tc.teacher_id', filter.teacherIds as string[]);
      if (!filter.includeCancelled) query.whereNot('tc.status', 'cancelled');
      return loadSubjectLines(trx, await query);
    },
    async byIds(ids, trx = knex) {
      if (!ids.length) return [];
      return loadSubjectLines(trx, await contractRows(trx).whereIn('tc.id', ids as string[]));
    },
    registerUsage: (usage) => void usageChecks.push(usage),
  };
}
