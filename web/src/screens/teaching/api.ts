/** The calls the teaching screens make; the shapes they read are the module's (@alterna/teaching/types). */
import { currentLanguage } from '../../language';
import { gql } from '../../shared/gql';
import { requestJson } from '../../shared/http';
import type {
  AttributionFormData, CoachContractFormData, CoachPageData, CoachRow, ContractFormData, FollowUpKind, FoundCompany, StudentFollowUps,
  TeacherPageData, TeacherRow,
} from '@alterna/teaching/types';

// Screens import the module's shapes from here, with the calls.
export type * from '@alterna/teaching/types';

const fr = () => currentLanguage() === 'fr';
const id = (value: string) => encodeURIComponent(value);
const teachers = () => (fr() ? '/api/formateurs' : '/api/teachers');
const company = () => `${teachers()}/${fr() ? 'societe_formateur' : 'teacher_company'}`;
const followUpBase = (student: string) => (fr() ? `/api/accompagnement/prevention-rupture/${id(student)}` : `/api/coaching/prevent-student-break/${id(student)}`);

/** API paths in the interface language (the server answers both). */
export const apiPaths = {
  teacher: (teacherId: string) => `${teachers()}/${id(teacherId)}/informations`,
  teacherInformations: (teacherId: string, mode: 'new' | 'edit') =>
    `${teachers()}/${fr() ? 'informations-formateur' : 'teacher-informations'}/${fr() ? (mode === 'new' ? 'nouveau' : 'modifier') : mode}/${id(teacherId)}`,
  contractNew: (teacherId: string) => `${teachers()}/${id(teacherId)}/${fr() ? 'contrat/nouveau' : 'contract/new'}`,
  contractEdit: (teacherId: string, contractId: string) => `${teachers()}/${id(teacherId)}/${fr() ? 'contrat' : 'contract'}/${id(contractId)}/${fr() ? 'modifier' : 'edit'}`,
  contractDelete: (teacherId: string, contractId: string) => `${teachers()}/${id(teacherId)}/${fr() ? 'contrat' : 'contract'}/${id(contractId)}/${fr() ? 'supprimer' : 'delete'}`,
  contractStatus: (contractId: string) => `${teachers()}/${fr() ? 'contrat' : 'contract'}/${id(contractId)}/${fr() ? 'modifier_statut' : 'update_status'}`,
  companyForm: (teacherId: string, companyId?: string | null) =>
    companyId ? `${company()}/${id(companyId)}/${fr() ? 'modifier' : 'edit'}?teacher=${id(teacherId)}` : `${company()}/${fr() ? 'nouvelle' : 'new'}?teacher=${id(teacherId)}`,
  companyAssociate: (companyId: string, teacherId: string) => `${company()}/${id(companyId)}/${fr() ? 'associer' : 'associate'}/${id(teacherId)}`,
  companyUnlink: (companyId: string, teacherId: string) => `${company()}/${id(companyId)}/${fr() ? 'dissocier' : 'unlink'}/${id(teacherId)}`,
  companyInvalidate: (companyId: string) => `${company()}/${id(companyId)}/${fr() ? 'invalider' : 'invalidate'}`,
  attribution: () => (fr() ? '/api/coachs/attribution/nouvelle' : '/api/coachs/attribution/new'),
  attributionDelete: (attributionId: string) => `/api/coachs/attribution/${id(attributionId)}/${fr() ? 'supprimer' : 'delete'}`,
  coach: (coachId: string) => `/api/informations/${id(coachId)}`,
  coachInformations: (coachId: string, mode: 'new' | 'edit') =>
    fr() ? `/api/informations-coach/${mode === 'new' ? 'nouveau' : 'modifier'}/${id(coachId)}` : `/api/coach-informations/${mode}/${id(coachId)}`,
  coachContractNew: (coachId: string) => (fr() ? `/api/contrat/nouveau/${id(coachId)}` : `/api/contract/new/${id(coachId)}`),
  coachContractEdit: (coachId: string, contractId: string) => `/api/${fr() ? 'contrat' : 'contract'}/${id(coachId)}/${fr() ? 'modifier' : 'edit'}/${id(contractId)}`,
  coachContractDelete: (coachId: string, contractId: string) => `/api/${fr() ? 'contrat' : 'contract'}/${id(coachId)}/${fr() ? 'supprimer' : 'delete'}/${id(contractId)}`,
  studentFollowUps: (student: string) => (fr() ? `/api/accompagnement/apprenants/${id(student)}` : `/api/coaching/students/${id(student)}`),
  followUpNew: (student: string, kind: FollowUpKind) => {
    if (kind === 'disciplinary') return fr() ? `/api/accompagnement/suivi-disciplinaire/${id(student)}/nouveau` : `/api/coaching/disciplinary-follow-up/${id(student)}/new`;
    if (kind === 'prevent-registration-break') {
      return fr() ? `/api/accompagnement/prevention-rupture-inscription/${id(student)}/nouveau` : `/api/coaching/prevent-student-registration-break/${id(student)}/new`;
    }
    if (kind === 'break') return `${followUpBase(student)}/${fr() ? 'rupture/nouvelle' : 'break/new'}`;
    return `${followUpBase(student)}/${fr() ? 'abandon/nouveau' : 'abandon/new'}`;
  },
  followUpEdit: (student: string, kind: 'break' | 'abandon', followUpId: string) =>
    `${followUpBase(student)}/${kind === 'break' ? (fr() ? 'rupture' : 'break') : 'abandon'}/${id(followUpId)}/${fr() ? 'modifier' : 'edit'}`,
};

export const loadTeacherPage = (teacherId: string) => requestJson<TeacherPageData>('GET', apiPaths.teacher(teacherId));
export const loadContractForm = (teacherId: string, contractId?: string | null) =>
  requestJson<ContractFormData>('GET', contractId ? apiPaths.contractEdit(teacherId, contractId) : apiPaths.contractNew(teacherId));
export const loadCoachPage = (coachId: string) => requestJson<CoachPageData>('GET', apiPaths.coach(coachId));
export const loadCoachContractForm = (coachId: string, contractId?: string | null) =>
  requestJson<CoachContractFormData>('GET', contractId ? apiPaths.coachContractEdit(coachId, contractId) : apiPaths.coachContractNew(coachId));
export const loadAttributionForm = () => requestJson<AttributionFormData>('GET', apiPaths.attribution());
export const loadStudentFollowUps = (student: string) => requestJson<StudentFollowUps>('GET', apiPaths.studentFollowUps(student));

export async function loadTeachers(campusList: string[] | null): Promise<TeacherRow[]> {
  return (await gql<{ TeacherWithCampusesWithTeacherContract: TeacherRow[] }>(
    `query TeacherWithCampusesWithTeacherContract($campusList: [ID!]) { TeacherWithCampusesWithTeacherContract(campusList: $campusList) {
      uuid firstName lastName archived actorAccessRules { campus { uuid name } actorTypology { reference name } }
      teacherContracts { uuid status campus { name } totals { teachingHours activityAmount } } } }`,
    { campusList },
  )).TeacherWithCampusesWithTeacherContract;
}

export async function findCompanies(siret: string, name: string, exceptId: string | null): Promise<FoundCompany[]> {
  return (await gql<{ getTeacherCompanyBySiret: FoundCompany[] }>(
    `query getTeacherCompanyBySiret($siret: String, $name: String, $id: ID) { getTeacherCompanyBySiret(siret: $siret, name: $name, id: $id) {
      uuid name siret legalForm activityDeclarationNumber comment invalidated text
      address { streetAddress addressSupplement postalCode addressLocality addressCountry } } }`,
    { siret, name, id: exceptId },
    { silent: true },
  )).getTeacherCompanyBySiret;
}

export async function loadCoaches(campusList: string[] | null): Promise<CoachRow[]> {
  return (await gql<{ coaches: CoachRow[] }>(
    `query Coaches($campusList: [ID!]) { coaches(campusList: $campusList) { uuid firstName lastName actorAccessRules { campus { uuid name } }
      students { uuid firstName lastName campus { name } } } }`,
    { campusList },
  )).coaches;
}
