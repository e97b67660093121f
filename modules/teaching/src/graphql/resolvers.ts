import { assertIdArgs, NotLoggedInError, type CoreDeps, type GraphqlContext } from '@alterna/core';
import { perm } from '../permissions.js';
import { contractTransitions, isContractEditable } from '../rules/references.js';
import { lineTotal } from '../rules/related-activity.js';
import { companyOptionText, type TeacherCompany } from '../services/company-store.js';
import type { TeacherContract } from '../services/contract-store.js';
import type { TeachingServices } from '../services/index.js';
import type { RelatedActivity, TeacherStatus } from '../services/references.js';
import type { Teacher } from '../services/teachers.js';

type Args = Record<string, any>;

/** The session asked for, else the current one (SPEC §7: teacher contracts are requested for the current session). */
async function sessionOf(core: CoreDeps, requested: string | null | undefined): Promise<string | null> {
  if (requested) return requested;
  return (await core.module('trainings').sessions.current())?.id ?? null;
}

function group<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export function resolvers(services: TeachingServices, core: CoreDeps) {
  const withUuid = { uuid: (o: { id: string }) => o.id };
  return {
    Teacher: {
      ...withUuid,
      actorAccessRules: (teacher: Teacher, _: Args, ctx: GraphqlContext) =>
        teacher.rules.map((rule) => ({ campus: rule.campus, actorTypology: { reference: rule.typology, name: ctx.t(`teaching.typology.${rule.typology}`) } })),
      teacherContracts: (teacher: Teacher & { teacherContracts?: TeacherContract[] }) => teacher.teacherContracts ?? [],
    },
    PopupTeacher: withUuid,
    Coach: {
      ...withUuid,
      actorAccessRules: (coach: Teacher, _: Args, ctx: GraphqlContext) =>
        coach.rules.map((rule) => ({ campus: rule.campus, actorTypology: { reference: rule.typology, name: ctx.t(`teaching.typology.${rule.typology}`) } })),
    },
    CoachPerson: withUuid,
    CoachedStudent: withUuid,
    PopupTeacherContract: { ...withUuid, schoolSubjectLine: (contract: TeacherContract) => contract.schoolSubjectLines },
    TeacherStatus: { ...withUuid, name: (status: TeacherStatus, _: Args, ctx: GraphqlContext) => ctx.t(`teaching.teacherStatus.${status.reference}`) },
    RelatedActivity: { ...withUuid, name: (activity: RelatedActivity, _: Args, ctx: GraphqlContext) => ctx.t(`teaching.relatedActivity.${activity.reference}`) },
    TeacherContractSubjectLine: withUuid,
    RelatedActivityLine: { ...withUuid, total: (line: { amount: number; price: number }) => lineTotal(line.amount, line.price) },
    TeacherCompany: {
      id: (company: TeacherCompany) => `/api/teacher_companies/${company.id}`,
      uuid: (company: TeacherCompany) => company.id,
      invalidated: (company: TeacherCompany) => !!company.invalidatedAt,
      text: (company: TeacherCompany) => companyOptionText(company),
    },
    TeacherContract: {
      ...withUuid,
      schoolSubjectLine: (contract: TeacherContract) => contract.schoolSubjectLines,
      nextStatuses: (contract: TeacherContract) => contractTransitions[contract.status],
      editable: (contract: TeacherContract) => isContractEditable(contract.status),
    },
    Query: {
      async TeacherWithCampusesWithTeacherContract(_: unknown, args: Args, ctx: GraphqlContext) {
        assertIdArgs(ctx.t, args, ['campusList', 'teacherContractsTrainingSession']);
        const teachers = await services.teachers.list(ctx.actor, args.campusList ?? null);
        const sessionId = await sessionOf(core, args.teacherContractsTrainingSession);
        const campuses = [...new Set(teachers.flatMap((teacher) => teacher.rules.map((rule) => rule.campus.id)))];
        const contracts = sessionId ? await services.contracts.ofTeachers(teachers.map((teacher) => teacher.id), sessionId, campuses) : [];
        const byTeacher = group(contracts, (contract) => contract.teacherId);
        return teachers.map((teacher) => ({ ...teacher, teacherContracts: byTeacher.get(teacher.id) ?? [] }));
      },
      getTeacherContractByStatus(_: unknown, args: Args, ctx: GraphqlContext) {
        assertIdArgs(ctx.t, args, ['id']);
        return services.contracts.byStatus(ctx.actor, args.id);
      },
      async getPopupInfo(_: unknown, args: Args, ctx: GraphqlContext) {
        assertIdArgs(ctx.t, args, ['campusList', 'teacherContractsTrainingSession']);
        const teachers = await services.teachers.list(ctx.actor, args.campusList ?? null);
        const sessionId = await sessionOf(core, args.teacherContractsTrainingSession);
        const campuses = [...new Set(teachers.flatMap((teacher) => teacher.rules.map((rule) => rule.campus.id)))];
        const contracts = sessionId ? await services.contracts.ofTeachers(teachers.map((teacher) => teacher.id), sessionId, campuses) : [];
        const byTeacher = group(contracts.filter((contract) => contract.status !== 'cancelled'), (contract) => contract.teacherId);
        return teachers.filter((teacher) => byTeacher.has(teacher.id)).map((teacher) => ({ ...teacher, teacherContracts: byTeacher.get(teacher.id) }));
      },
      getTeacherCompanyBySiret(_: unknown, args: Args, ctx: GraphqlContext) {
        assertIdArgs(ctx.t, args, ['id']);
        return services.companies.search(ctx.actor, args.siret, args.name, args.id ?? null);
      },
      teacherCompaniesOfTeacher(_: unknown, args: Args, ctx: GraphqlContext) {
        assertIdArgs(ctx.t, args, ['teacherId']);
        return services.companies.ofTeacher(ctx.actor, args.teacherId);
      },
      async coaches(_: unknown, args: Args, ctx: GraphqlContext) {
        assertIdArgs(ctx.t, args, ['campusList']);
        const [coaches, students] = await Promise.all([services.coaches.list(ctx.actor, args.campusList ?? null), services.coaches.students(ctx.actor, args.campusList ?? null)]);
        const byCoach = group(students.filter((student) => student.coach), (student) => student.coach!.id);
        return coaches.map((coach) => ({ ...coach, students: byCoach.get(coach.id) ?? [] }));
      },
      coachingStudents(_: unknown, args: Args, ctx: GraphqlContext) {
        assertIdArgs(ctx.t, args, ['campusList']);
        return services.coaches.students(ctx.actor, args.campusList ?? null);
      },
      teacherStatuses(_: unknown, __: Args, ctx: GraphqlContext) {
        ctx.permissions.assert(ctx.actor, perm.teacherRead);
        return services.references.teacherStatuses();
      },
      relatedActivities(_: unknown, args: Args, ctx: GraphqlContext) {
        if (!ctx.actor) throw new NotLoggedInError();
        if (!ctx.permissions.isGranted(ctx.actor, perm.teacherRead) && !ctx.permissions.isGranted(ctx.actor, perm.coachRead)) ctx.permissions.assert(ctx.actor, perm.teacherRead);
        const audience = args.audience === 'teacher' || args.audience === 'coach' ? args.audience : undefined;
        return services.references.relatedActivities(audience);
      },
    },
  };
}
