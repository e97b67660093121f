/** SPEC §3 TeacherContract, TeacherCompany, Actor (as a teacher) and the §7 queries of teachers and their companies. */
export const typeDefs = /* GraphQL */ `
  type TeachingTypology { name: String! reference: String! }
  "An access rule of a teacher (SPEC §3 actorAccessRules): a campus and the typology held there."
  type TeacherAccessRule { campus: Campus! actorTypology: TeachingTypology! }
  "A teacher is an actor with typology teacher or trainer (SPEC §3 Actor)."
  type Teacher {
    id: ID! uuid: ID! firstName: String! lastName: String! email: String! archived: Boolean!
    actorAccessRules: [TeacherAccessRule!]!
    "Contracts of the requested session on the viewer's campuses, by start date."
    teacherContracts: [TeacherContract!]!
  }
  type TeacherStatus { id: ID! uuid: ID! reference: String! name: String! requiresCompany: Boolean! }
  "An activity of a contract beside teaching; isHour: counted in hours at an hourly rate, else in units at a unit price."
  type RelatedActivity { id: ID! uuid: ID! reference: String! name: String! isHour: Boolean! audience: String! }
  type TeacherContractSubjectLine { id: ID! uuid: ID! schoolSubject: SchoolSubject! hours: Float! }
  type RelatedActivityLine { id: ID! uuid: ID! relatedActivity: RelatedActivity! amount: Float! price: Float! total: Float! }
  type TeacherCompanyAddress { streetAddress: String addressSupplement: String postalCode: String addressLocality: String addressCountry: String }
  "SPEC §3 TeacherCompany: id is an IRI whose last segment is the identifier (uuid)."
  type TeacherCompany {
    id: ID! uuid: ID! siret: String! name: String! legalForm: String! activityDeclarationNumber: String activityDeclarationNumberType: String!
    comment: String address: TeacherCompanyAddress! invalidated: Boolean! invalidatedAt: String
    "'[name] - [siret]' (SPEC §9)"
    text: String!
  }
  type TeacherContractTotals { teachingHours: Float! activityHours: Float! activityAmount: Float! }
  type TeacherContract {
    id: ID! uuid: ID! status: String! teacherId: ID!
    trainingSession: TrainingSession! campus: Campus! startDate: String! endDate: String!
    teacherStatus: TeacherStatus!
    schoolSubjectLine: [TeacherContractSubjectLine!]!
    teacherCompany: TeacherCompany
    relatedActivityLines: [RelatedActivityLine!]!
    totals: TeacherContractTotals!
    "Statuses update_status accepts from this one."
    nextStatuses: [String!]!
    editable: Boolean!
  }
  "What the planning popup needs of a teacher: its contracts and their subject lines."
  type PopupTeacher { id: ID! uuid: ID! firstName: String! lastName: String! teacherContracts: [PopupTeacherContract!]! }
  type PopupTeacherContract { id: ID! uuid: ID! status: String! campus: Campus! startDate: String! endDate: String! schoolSubjectLine: [TeacherContractSubjectLine!]! }

  type CoachPerson { id: ID! uuid: ID! firstName: String! lastName: String! }
  "A student of a campus and the coach following it in the current session."
  type CoachedStudent { id: ID! uuid: ID! firstName: String! lastName: String! campus: Campus! attributionId: ID coach: CoachPerson }
  type Coach {
    id: ID! uuid: ID! firstName: String! lastName: String! email: String! archived: Boolean!
    actorAccessRules: [TeacherAccessRule!]!
    "Students it follows in the current session, on the viewer's campuses, by last then first name."
    students: [CoachedStudent!]!
  }

  extend type Query {
    "Coaches of the campuses (the viewer's, narrowed to campusList), by last then first name."
    coaches(campusList: [ID!]): [Coach!]!
    "Students of the campuses (the viewer's, narrowed to campusList) with their coach of the current session, by last then first name."
    coachingStudents(campusList: [ID!]): [CoachedStudent!]!
    "Teachers of the campuses (the viewer's, narrowed to campusList) by last then first name, with their contracts of the session (default: the current one)."
    TeacherWithCampusesWithTeacherContract(campusList: [ID!], teacherContractsTrainingSession: ID): [Teacher!]!
    "A contract with its status, in the current session only (null otherwise)."
    getTeacherContractByStatus(id: ID!): TeacherContract
    "Teachers having a contract (not cancelled) of the session on the campuses, by last then first name."
    getPopupInfo(campusList: [ID!], teacherContractsTrainingSession: ID): [PopupTeacher!]!
    "Companies with that SIRET (exact once normalized) or that name (case-insensitive), by name; id: the company being edited, left out."
    getTeacherCompanyBySiret(siret: String, name: String, id: ID): [TeacherCompany!]!
    "Companies associated with a teacher, by name."
    teacherCompaniesOfTeacher(teacherId: ID!): [TeacherCompany!]!
    teacherStatuses: [TeacherStatus!]!
    relatedActivities(audience: String): [RelatedActivity!]!
  }
`;
