import type { Actor } from '@alterna/core';
import type { Campus } from '@alterna/training-centre';
import type { SchoolSubject, TrainingSession } from '@alterna/trainings';
import { perm } from '../permissions.js';
import type { TeacherCompany } from './company-store.js';
import type { TeacherContract } from './contract-store.js';
import type { CompaniesService } from './companies.js';
import type { ServiceContext } from './context.js';
import type { ContractsService } from './contracts.js';
import type { ReferencesService, RelatedActivity, TeacherStatus } from './references.js';
import type { Teacher, TeacherInformations, TeachersService } from './teachers.js';
import type { Coach, CoachedStudent, CoachesService, CoachInformations } from './coaches.js';
import type { CoachContract, CoachContractsService } from './coach-contracts.js';
import type { Person } from './people.js';

/** /teachers/{id}/informations: the teacher, its informations, companies and contracts of the current session. */
export interface TeacherPage {
  teacher: Teacher;
  informations: TeacherInformations | null;
  companies: TeacherCompany[];
  currentSession: TrainingSession | null;
  /** Contracts of the current session on the viewer's campuses (SPEC §7: the current session only). */
  teacherContracts: TeacherContract[];
  /** Campuses of the teacher where the viewer may write contracts (empty for read-only). */
  writableCampusIds: string[];
}

/** What the contract form offers. */
export interface ContractForm {
  teacher: Teacher;
  /** The teacher's campuses where the actor may write contracts. */
  campuses: Campus[];
  sessions: TrainingSession[];
  currentSession: TrainingSession | null;
  teacherStatuses: TeacherStatus[];
  relatedActivities: RelatedActivity[];
  schoolSubjects: SchoolSubject[];
  companies: TeacherCompany[];
}

/** /informations/{id}: a coach, its informations, students and contracts of the current session. */
export interface CoachPage {
  coach: Coach;
  informations: CoachInformations | null;
  students: CoachedStudent[];
  coachContracts: CoachContract[];
  currentSession: TrainingSession | null;
  writableCampusIds: string[];
}

export interface CoachContractForm {
  coach: Coach;
  campuses: Campus[];
  sessions: TrainingSession[];
  currentSession: TrainingSession | null;
  relatedActivities: RelatedActivity[];
}

/** /coachs/attribution/new: the campuses where the actor attributes, their coaches and students. */
export interface AttributionForm {
  campuses: Campus[];
  coaches: Coach[];
  students: CoachedStudent[];
  currentSession: TrainingSession | null;
}

export interface PagesService {
  teacher(actor: Actor | null, teacherId: string): Promise<TeacherPage>;
  contractForm(actor: Actor | null, teacherId: string): Promise<ContractForm>;
  coach(actor: Actor | null, coachId: string): Promise<CoachPage>;
  coachContractForm(actor: Actor | null, coachId: string): Promise<CoachContractForm>;
  attributionForm(actor: Actor | null): Promise<AttributionForm>;
}

interface Deps {
  teachers: TeachersService;
  contracts: ContractsService;
  companies: CompaniesService;
  references: ReferencesService;
  coaches: CoachesService;
  coachContracts: CoachContractsService;
}

export function pagesService(ctx: ServiceContext, deps: Deps): PagesService {
  /** Campuses of the person where the actor holds the permission (empty for read-only). */
  const writable = (actor: Actor | null, person: Person, permission: string = perm.teacherUpdate) => {
    const held = actor ? ctx.core.permissions.campusesFor(actor, permission) : [];
    return person.rules.map((r) => r.campus.id).filter((id, i, all) => held.includes(id) && all.indexOf(id) === i);
  };
  const campusesOf = (person: Person, ids: string[]) => person.rules.map((r) => r.campus).filter((c, i, all) => ids.includes(c.id) && all.findIndex((o) => o.id === c.id) === i);
  return {
    async teacher(actor, teacherId) {
      const teacher = await deps.teachers.get(actor, teacherId);
      const currentSession = await ctx.trainings().sessions.current();
      const visible = ctx.campusesFor(actor, perm.teacherRead);
      const [informations, companies, teacherContracts] = await Promise.all([
        deps.teachers.informations(actor, teacherId),
        deps.companies.ofTeacher(actor, teacherId),
        currentSession ? deps.contracts.ofTeachers([teacherId], currentSession.id, visible) : Promise.resolve([]),
      ]);
      return { teacher, informations, companies, currentSession, teacherContracts, writableCampusIds: writable(actor, teacher) };
    },
    async contractForm(actor, teacherId) {
      const teacher = await deps.teachers.get(actor, teacherId);
      const campusIds = writable(actor, teacher);
      const [sessions, teacherStatuses, relatedActivities, schoolSubjects, companies] = await Promise.all([
        ctx.trainings().sessions.list(),
        deps.references.teacherStatuses(),
        deps.references.relatedActivities('teacher'),
        ctx.trainings().subjects.list(actor, { archived: null }),
        deps.companies.ofTeacher(actor, teacherId),
      ]);
      return {
        teacher,
        campuses: campusesOf(teacher, campusIds),
        sessions,
        currentSession: sessions.find((s) => s.isCurrent) ?? null,
        teacherStatuses,
        relatedActivities,
        schoolSubjects,
        companies,
      };
    },
    async coach(actor, coachId) {
      const coach = await deps.coaches.get(actor, coachId);
      const [informations, students, coachContracts, currentSession] = await Promise.all([
        deps.coaches.informations(actor, coachId),
        deps.coaches.studentsOf(actor, coachId),
        deps.coachContracts.ofCoach(actor, coachId),
        ctx.trainings().sessions.current(),
      ]);
      return { coach, informations, students, coachContracts, currentSession, writableCampusIds: writable(actor, coach, perm.coachUpdate) };
    },
    async coachContractForm(actor, coachId) {
      const coach = await deps.coaches.get(actor, coachId);
      const [sessions, relatedActivities] = await Promise.all([ctx.trainings().sessions.list(), deps.references.relatedActivities('coach')]);
      return { coach, campuses: campusesOf(coach, writable(actor, coach, perm.coachUpdate)), sessions, currentSession: sessions.find((s) => s.isCurrent) ?? null, relatedActivities };
    },
    async attributionForm(actor) {
      const campusIds = ctx.campusesFor(actor, perm.coachUpdate);
      const [campuses, coaches, students, currentSession] = await Promise.all([
        ctx.trainingCentre().campuses.list(campusIds),
        deps.coaches.list(actor, campusIds),
        deps.coaches.students(actor, campusIds),
        ctx.trainings().sessions.current(),
      ]);
      return { campuses, coaches, students, currentSession };
    },
  };
}
