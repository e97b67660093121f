import { isPgError, AccessDeniedError, NotFoundError, ValidationError, validate, type Actor, type Knex, type Translate, type Violation } from '@alterna/core';
import { normalizeSiret } from '@alterna/core/matching';
import { perm } from '../permissions.js';
import { companyDuplicates, companySearchTerms } from '../rules/company-duplicates.js';
import { teacherCompanySchema } from '../validation/index.js';
import { companyFormValues, emptyCompanyForm, postedCompanyForm, renderCompanyForm } from './company-form.js';
import { companiesByIds, companyColumns, companyOptionText, toCompanies, type TeacherCompany } from './company-store.js';
import type { ServiceContext } from './context.js';
import type { TeachersService } from './teachers.js';

/** Where the popup posts, in the user's language (the routes know their paths). */
export interface CompanyFormPaths {
  action: string;
  rerender: string;
}

/** SPEC §7 step 2 success: the option the contract form adds and selects. */
export interface CompanySaved {
  message: string;
  success: true;
  /** '[name] - [siret]' (SPEC §9). */
  text: string;
  siret: string;
  /** The company id, the option's value. */
  value: string;
  company: TeacherCompany;
}

export type CompanySubmitOutcome = { kind: 'html'; html: string } | { kind: 'saved'; saved: CompanySaved };

export interface CompaniesService {
  get(actor: Actor | null, companyId: string): Promise<TeacherCompany>;
  /** Companies associated with a teacher the viewer may see, by name (the contract form's options). */
  ofTeacher(actor: Actor | null, teacherId: string): Promise<TeacherCompany[]>;
  /** Step 1: the create form (teacherId: the contract's teacher), or the edit form of a company. */
  form(actor: Actor | null, target: { companyId?: string | null; teacherId?: string | null }, paths: CompanyFormPaths, t: Translate): Promise<string>;
  /** Steps 2 and 3: saves the posted form, or with noValidation re-renders it as posted. */
  submit(
    actor: Actor | null,
    target: { companyId?: string | null; teacherId?: string | null },
    body: unknown,
    options: { noValidation: boolean; paths: CompanyFormPaths },
    t: Translate,
  ): Promise<CompanySubmitOutcome>;
  /** Step 4 (getTeacherCompanyBySiret): SIRET exact once normalized, or name case-insensitive; the company being edited left out. */
  search(actor: Actor | null, siret: string | null | undefined, name: string | null | undefined, exceptId?: string | null): Promise<TeacherCompany[]>;
  /** Step 5: the company is associated with the teachers (the route's teacher and any others posted). */
  associate(actor: Actor | null, companyId: string, teacherIds: readonly string[], t: Translate): Promise<CompanySaved>;
  unlink(actor: Actor | null, companyId: string, teacherId: string, t: Translate): Promise<{ message: string }>;
  /** Step 6: the company is offered no more (ceased, struck off); it stays on the contracts naming it. */
  invalidate(actor: Actor | null, companyId: string, t: Translate): Promise<{ message: string; company: TeacherCompany }>;
  /** Internal: companies by id (no actor check). */
  byIds(ids: readonly string[], trx?: Knex): Promise<TeacherCompany[]>;
}

export function companiesService(ctx: ServiceContext, teachers: TeachersService): CompaniesService {
  const { knex } = ctx;

  const load = async (companyId: string, trx: Knex = knex): Promise<TeacherCompany> => {
    const [company] = await companiesByIds(trx, [companyId]);
    if (!company) throw new NotFoundError('teacher company');
    return company;
  };

  /** The campuses of those teachers where the actor holds the permission (Access Denied when none). */
  const assertTeachers = async (actor: Actor | null, teacherIds: readonly string[], permission: string, trx: Knex = knex) => {
    const held = ctx.campusesFor(actor, permission);
    const campuses = await teachers.campusesOf(teacherIds, trx);
    for (const teacherId of teacherIds) {
      const of = campuses.get(teacherId);
      if (!of?.length) throw new NotFoundError('teacher');
      if (!of.some((id) => held.includes(id))) throw new AccessDeniedError();
    }
  };

  /**
   * Companies are the centre's, but a change is scoped through their teachers: allowed when the company
   * has none yet, or one teaching on a campus where the actor holds the permission.
   */
  const assertCanEdit = async (actor: Actor | null, company: TeacherCompany, trx: Knex = knex) => {
    const held = ctx.campusesFor(actor, perm.companyUpdate);
    if (!company.teacherIds.length) return;
    const campuses = await teachers.campusesOf(company.teacherIds, trx);
    if (![...campuses.values()].flat().some((id) => held.includes(id))) throw new AccessDeniedError();
  };

  const saved = (company: TeacherCompany, message: string): CompanySaved => ({
    message, success: true, text: companyOptionText(company), siret: company.siret, value: company.id, company,
  });

  /** SPEC §5: a SIRET or name duplicate is rejected, with the company it clashes with. */
  const duplicateViolations = async (candidate: { id: string | null; siret: string; name: string }, t: Translate, trx: Knex): Promise<Violation[]> => {
    if (!candidate.siret.trim() && !candidate.name.trim()) return [];
    const rows = await trx('teacher_companies')
      .select('id', 'siret', 'name')
      .where('siret', normalizeSiret(candidate.siret.trim()))
      .orWhereRaw('lower(btrim(name)) = lower(?)', [candidate.name.trim()]);
    const clashes = companyDuplicates(candidate, rows);
    const violations: Violation[] = [];
    if (clashes.siret[0]) violations.push({ path: 'siret', message: t('teaching.company.siretTaken', { name: clashes.siret[0].name }) });
    if (clashes.name[0]) violations.push({ path: 'name', message: t('teaching.company.nameTaken', { siret: clashes.name[0].siret }) });
    return violations;
  };

  const row = (value: Awaited<ReturnType<typeof validateForm>>) => ({
    siret: normalizeSiret(value.siret),
    name: value.name,
    legal_form: value.legalForm,
    activity_declaration_number_type: value.activityDeclarationNumberType,
    activity_declaration_number: value.activityDeclarationNumber ?? null,
    comment: value.comment,
    street_address: value.streetAddress,
    address_supplement: value.addressSupplement,
    postal_code: value.postalCode,
    address_locality: value.addressLocality,
    address_country: value.addressCountry ?? null,
  });

  const validateForm = (values: unknown, t: Translate) => validate(teacherCompanySchema, values, t);

  return {
    async get(actor, companyId) {
      ctx.campusesFor(actor, perm.companyRead);
      return load(companyId);
    },
    async ofTeacher(actor, teacherId) {
      await teachers.get(actor, teacherId, perm.companyRead);
      const rows = await knex('teacher_companies as c')
        .join('teacher_company_teachers as l', 'l.teacher_company_id', 'c.id')
        .where('l.teacher_id', teacherId)
        .select(companyColumns.map((column) => `c.${column}`))
        .orderBy([{ column: 'c.name' }, { column: 'c.siret' }]);
      return toCompanies(knex, rows);
    },
    async form(actor, target, paths, t) {
      let values = emptyCompanyForm();
      if (target.companyId) {
        const company = await load(target.companyId);
        await assertCanEdit(actor, company);
        values = companyFormValues(company);
      } else if (target.teacherId) await assertTeachers(actor, [target.teacherId], perm.companyUpdate);
      else ctx.campusesFor(actor, perm.companyUpdate);
      return renderCompanyForm({ values, ...paths, companyId: target.companyId ?? null, t });
    },
    async submit(actor, target, body, { noValidation, paths }, t) {
      const existing = target.companyId ? await load(target.companyId) : null;
      if (existing) await assertCanEdit(actor, existing);
      else if (target.teacherId) await assertTeachers(actor, [target.teacherId], perm.companyUpdate);
      else ctx.campusesFor(actor, perm.companyUpdate);
      const posted = postedCompanyForm(body);
      if (noValidation) return { kind: 'html', html: renderCompanyForm({ values: posted, ...paths, companyId: existing?.id ?? null, t }) };

      // Every problem at once: the form's rules, then the duplicates of what was typed.
      let value: Awaited<ReturnType<typeof validateForm>> | null = null;
      let violations: Violation[] = [];
      try {
        value = await validateForm(posted, t);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        violations = error.violations;
      }
      const candidate = { id: existing?.id ?? null, siret: posted.siret, name: posted.name };
      const duplicates = (await duplicateViolations(candidate, t, knex)).filter((d) => !violations.some((v) => v.path === d.path));
      if (violations.length || duplicates.length || !value) throw new ValidationError([...violations, ...duplicates]);
      const checked = value;
      try {
        const id = await knex.transaction(async (trx) => {
          const clashes = await duplicateViolations(candidate, t, trx);
          if (clashes.length) throw new ValidationError(clashes);
          if (existing) {
            await trx('teacher_companies').where({ id: existing.id }).update({ ...row(checked), updated_at: trx.fn.now() });
            return existing.id;
          }
          const [created] = await trx('teacher_companies').insert(row(checked)).returning('id');
          if (!created) throw new Error('teaching: the company insert returned no row');
          if (target.teacherId) await trx('teacher_company_teachers').insert({ teacher_company_id: created.id, teacher_id: target.teacherId });
          return created.id;
        });
        const company = await load(id);
        return { kind: 'saved', saved: saved(company, t(existing ? 'teaching.company.saved' : 'teaching.company.created', { name: company.name })) };
      } catch (error) {
        // Two popups saving the same company at once: the unique indexes answer for the second.
        if (isPgError(error, 'uniqueViolation')) {
          const clashes = await duplicateViolations(candidate, t, knex);
          throw new ValidationError(clashes.length ? clashes : [{ path: 'siret', message: t('teaching.company.siretTaken', { name: checked.name }) }]);
        }
        throw error;
      }
    },
    async search(actor, siret, name, exceptId) {
      ctx.campusesFor(actor, perm.companyRead);
      const terms = companySearchTerms(siret, name);
      if (!terms.siret && !terms.name) return [];
      const query = knex('teacher_companies')
        .select(...companyColumns)
        .where((where) => {
          if (terms.siret) where.orWhere('siret', terms.siret);
          if (terms.name) where.orWhereRaw('lower(btrim(name)) = lower(?)', [terms.name]);
        })
        .orderBy([{ column: 'name' }, { column: 'siret' }]);
      if (exceptId) query.whereNot('id', exceptId);
      return toCompanies(knex, await query);
    },
    async associate(actor, companyId, teacherIds, t) {
      const ids = [...new Set(teacherIds)];
      if (!ids.length) throw new ValidationError([{ path: 'teachers', message: t('validation.required') }]);
      await assertTeachers(actor, ids, perm.companyUpdate);
      await knex.transaction(async (trx) => {
        const company = await load(companyId, trx);
        if (company.invalidatedAt) throw new ValidationError([{ path: '', message: t('teaching.company.invalidatedNoAssociation', { name: company.name }) }]);
        await trx('teacher_company_teachers')
          .insert(ids.map((teacherId) => ({ teacher_company_id: companyId, teacher_id: teacherId })))
          .onConflict(['teacher_company_id', 'teacher_id'])
          .ignore();
      });
      // SPEC §8, word for word.
      return saved(await load(companyId), t('teaching.company.associated'));
    },
    async unlink(actor, companyId, teacherId, t) {
      await assertTeachers(actor, [teacherId], perm.companyUpdate);
      await knex.transaction(async (trx) => {
        const company = await load(companyId, trx);
        if (!company.teacherIds.includes(teacherId)) throw new NotFoundError('teacher company link');
        const used = await trx('teacher_contracts').where({ teacher_id: teacherId, teacher_company_id: companyId }).whereNot('status', 'cancelled').count<{ n: string }[]>({ n: '*' }).first();
        if (Number(used?.n ?? 0) > 0) throw new ValidationError([{ path: '', message: t('teaching.company.usedByContracts', { count: Number(used!.n) }) }]);
        await trx('teacher_company_teachers').where({ teacher_company_id: companyId, teacher_id: teacherId }).delete();
      });
      return { message: t('teaching.company.unlinked') };
    },
    async invalidate(actor, companyId, t) {
      const company = await load(companyId);
      await assertCanEdit(actor, company);
      if (!company.invalidatedAt) await knex('teacher_companies').where({ id: companyId }).update({ invalidated_at: knex.fn.now(), invalidated_by: actor!.id, updated_at: knex.fn.now() });
      return { message: t('teaching.company.invalidated', { name: company.name }), company: await load(companyId) };
    },
    byIds: (ids, trx) => companiesByIds(trx ?? knex, ids),
  };
}
