/**
 * What the teaching module answers its clients (JSON routes and GraphQL, as the web reads them): types only,
 * so the web client imports them without reaching the server's code.
 */

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

/** A teacher of the list with its contracts of the session (GraphQL TeacherWithCampusesWithTeacherContract). */
export interface TeacherRow {
  uuid: string;
  firstName: string;
  lastName: string;
  archived: boolean;
  actorAccessRules: { campus: { uuid: string; name: string }; actorTypology: { reference: string; name: string } }[];
  teacherContracts: { uuid: string; status: ContractStatus; campus: { name: string }; totals: { teachingHours: number; activityAmount: number } }[];
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

export interface CoachRow {
  uuid: string;
  firstName: string;
  lastName: string;
  actorAccessRules: { campus: { uuid: string; name: string } }[];
  students: { uuid: string; firstName: string; lastName: string; campus: { name: string } }[];
}
