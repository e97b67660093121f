/** The teaching module's server shapes (as JSON) and the calls the screens make. */
import { currentLanguage } from '../../language';
import { gql } from '../../shared/gql';
import { requestJson } from '../../shared/http';

export interface Campus { id: string; name: string; openDays?: number[] }
export interface SchoolSubject { id: string; name: string; shortName: string; archived: boolean; color: string }
export interface TrainingSession { id: string; name: string; startDate: string; endDate: string; isCurrent: boolean }
export interface TeacherStatus { id: string; reference: string; requiresCompany: boolean }
export interface RelatedActivity { id: string; reference: string; audience: 'teacher' | 'coach'; isHour: boolean }
export interface Person { id: string; firstName: string; lastName: string; email: string; archived: boolean; rules: { campus: Campus; typology: string }[] }

export interface CompanyAddress {
  streetAddress: string | null;
  addressSupplement: string | null;
  postalCode: string | null;
  addressLocality: string | null;
  addressCountry: string | null;
}

export interface TeacherCompany {
  id: string;
  siret: string;
  name: string;
  legalForm: string;
  activityDeclarationNumberType: string;
  activityDeclarationNumber: string | null;
  comment: string | null;
  address: CompanyAddress;
  invalidatedAt: string | null;
  teacherIds: string[];
}

export interface ActivityLine { id: string; relatedActivity: RelatedActivity; amount: number; price: number }

export interface TeacherContract {
  id: string;
  teacherId: string;
  status: ContractStatus;
  trainingSession: TrainingSession;
  campus: Campus;
  startDate: string;
  endDate: string;
  teacherStatus: TeacherStatus;
  schoolSubjectLines: { id: string; schoolSubject: SchoolSubject; hours: number }[];
  teacherCompany: TeacherCompany | null;
  relatedActivityLines: ActivityLine[];
  totals: { teachingHours: number; activityHours: number; activityAmount: number };
}
export type ContractStatus = 'draft' | 'sent' | 'signed' | 'cancelled';

export interface TeacherInformations { specialities: string | null; diploma: string | null; professionalExperience: string | null; comment: string | null }

export interface TeacherPageData {
  teacher: Person;
  informations: TeacherInformations | null;
  companies: TeacherCompany[];
  currentSession: TrainingSession | null;
  teacherContracts: TeacherContract[];
  writableCampusIds: string[];
}

export interface ContractFormData {
  teacher: Person;
  campuses: Campus[];
  sessions: TrainingSession[];
  currentSession: TrainingSession | null;
  teacherStatuses: TeacherStatus[];
  relatedActivities: RelatedActivity[];
  schoolSubjects: SchoolSubject[];
  companies: TeacherCompany[];
  teacherContract?: TeacherContract;
}

export interface CoachInformations { specialities: string | null; maxStudents: number | null; comment: string | null }
export interface CoachedStudent { id: string; firstName: string; lastName: string; campus: Campus; attributionId: string | null; coach: { id: string; firstName: string; lastName: string } | null }
export interface CoachContract {
  id: string;
  coachId: string;
  campus: Campus;
  trainingSession: TrainingSession;
  startDate: string;
  endDate: string;
  relatedActivityLines: ActivityLine[];
  totals: { activityHours: number; activityAmount: number };
}
export interface CoachPageData {
  coach: Person;
  informations: CoachInformations | null;
  students: CoachedStudent[];
  coachContracts: CoachContract[];
  currentSession: TrainingSession | null;
  writableCampusIds: string[];
}
export interface CoachContractFormData {
  coach: Person;
  campuses: Campus[];
  sessions: TrainingSession[];
  currentSession: TrainingSession | null;
  relatedActivities: RelatedActivity[];
  coachContract?: CoachContract;
}
export interface AttributionFormData { campuses: Campus[]; coaches: Person[]; students: CoachedStudent[]; currentSession: TrainingSession | null }

export type FollowUpKind = 'disciplinary' | 'prevent-registration-break' | 'break' | 'abandon';
export interface FollowUp {
  id: string;
  studentId: string;
  campus: Campus;
  kind: FollowUpKind;
  date: string;
  category: string | null;
  risks: string[];
  description: string | null;
  actions: string | null;
  recordedBy: { id: string; firstName: string; lastName: string } | null;
  createdAt: string;
  updatedAt: string;
}
export interface StudentFollowUps {
  student: { id: string; firstName: string; lastName: string; campus: Campus };
  coach: { id: string; firstName: string; lastName: string } | null;
  followUps: FollowUp[];
  canWrite: boolean;
}

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

/** A teacher of the list with its contracts of the session (GraphQL TeacherWithCampusesWithTeacherContract). */
export interface TeacherRow {
  uuid: string;
  firstName: string;
  lastName: string;
  archived: boolean;
  actorAccessRules: { campus: { uuid: string; name: string }; actorTypology: { reference: string; name: string } }[];
  teacherContracts: { uuid: string; status: ContractStatus; campus: { name: string }; totals: { teachingHours: number; activityAmount: number } }[];
}

export async function loadTeachers(campusList: string[] | null): Promise<TeacherRow[]> {
  return (await gql<{ TeacherWithCampusesWithTeacherContract: TeacherRow[] }>(
    `query TeacherWithCampusesWithTeacherContract($campusList: [ID!]) { TeacherWithCampusesWithTeacherContract(campusList: $campusList) {
      uuid firstName lastName archived actorAccessRules { campus { uuid name } actorTypology { reference name } }
      teacherContracts { uuid status campus { name } totals { teachingHours activityAmount } } } }`,
    { campusList },
  )).TeacherWithCampusesWithTeacherContract;
}

/** SPEC §7 step 4: companies with that SIRET or name (the one being edited left out). */
export interface FoundCompany {
  uuid: string;
  name: string;
  siret: string;
  legalForm: string;
  activityDeclarationNumber: string | null;
  comment: string | null;
  invalidated: boolean;
  text: string;
  address: CompanyAddress;
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

export interface CoachRow {
  uuid: string;
  firstName: string;
  lastName: string;
  actorAccessRules: { campus: { uuid: string; name: string } }[];
  students: { uuid: string; firstName: string; lastName: string; campus: { name: string } }[];
}

export async function loadCoaches(campusList: string[] | null): Promise<CoachRow[]> {
  return (await gql<{ coaches: CoachRow[] }>(
    `query Coaches($campusList: [ID!]) { coaches(campusList: $campusList) { uuid firstName lastName actorAccessRules { campus { uuid name } }
      students { uuid firstName lastName campus { name } } } }`,
    { campusList },
  )).coaches;
}
