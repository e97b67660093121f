/** SPEC §3 shapes (uuid as the id, both given) and the SPEC §7 operations of trainings, plans and groups. */
export const typeDefs = /* GraphQL */ `
  type TrainingCampus { id: ID! uuid: ID! name: String! }
  type SchoolSubject { id: ID! uuid: ID! name: String! shortName: String! level: String color: String! archived: Boolean! }
  type TrainingSession { id: ID! uuid: ID! name: String! startDate: String! endDate: String! isCurrent: Boolean! }
  type Training { id: ID! uuid: ID! name: String! shortName: String! isPublished: Boolean! campuses: [TrainingCampus!]! }
  type TrainingPlanSubjectLine { id: ID! uuid: ID! schoolSubject: SchoolSubject! hours: Float! }
  type TrainingPlanBlock { id: ID! uuid: ID! name: String! schoolSubjectLines: [TrainingPlanSubjectLine!]! }
  type TrainingPlanVariant { id: ID! uuid: ID! name: String! blocks: [TrainingPlanBlock!]! groupCount: Int! }
  type TrainingPlan {
    id: ID! uuid: ID! trainingId: ID! trainingSession: TrainingSession!
    certifierBase: [TrainingPlanBlock!]! variants: [TrainingPlanVariant!]! baseLocked: Boolean!
  }
  type TrainingGroupTraining { id: ID! uuid: ID! name: String! shortName: String! isPublished: Boolean! }
  type TrainingGroupVariant { id: ID! uuid: ID! name: String! }
  type TrainingGroup {
    id: ID! uuid: ID! name: String! shortName: String! startDate: String! endDate: String!
    campus: TrainingCampus! trainingSession: TrainingSession! training: TrainingGroupTraining! variant: TrainingGroupVariant!
  }
  type GradeScaleElement { id: ID! uuid: ID! name: String! coefficient: Float! }
  type GradeScale { training: Training! elements: [GradeScaleElement!]! }

  input CreateSchoolSubjectInput { name: String! shortName: String! level: String color: String! clientMutationId: String }
  input UpdateSchoolSubjectInput { id: ID! name: String shortName: String level: String color: String archived: Boolean clientMutationId: String }
  type SchoolSubjectPayload { clientMutationId: String schoolSubject: SchoolSubject! message: String! }
  input CreateTrainingSessionInput { name: String! startDate: String! endDate: String! clientMutationId: String }
  type TrainingSessionPayload { clientMutationId: String trainingSession: TrainingSession! }

  extend type Query {
    schoolSubjects(archived: Boolean): [SchoolSubject!]!
    trainings(campusList: [ID!]): [Training!]!
    training(trainingId: ID!): Training!
    trainingSessions: [TrainingSession!]!
    GetUserTrainingSession: TrainingSession
    getTrainingsPublishedByCampus(campusId: ID!): [Training!]!
    getTrainingsPublishedByCampusList(campusList: [ID!]!): [Training!]!
    getTrainingGroupByTraining(campusId: ID!, trainingId: ID!, trainingSessionId: ID!): [TrainingGroup!]!
    getTrainingGroupByTrainingListByCampusListByCurrentSession(trainingList: [ID!]!, campusList: [ID!]!): [TrainingGroup!]!
    getTrainingPlansByTraining(trainingId: ID!): [TrainingPlan!]!
    trainingGroups(campusList: [ID!], trainingSessionId: ID): [TrainingGroup!]!
    trainingGroup(trainingGroupId: ID!): TrainingGroup!
    gradeScale(trainingId: ID!): GradeScale!
  }
  extend type Mutation {
    CreateSchoolSubject(input: CreateSchoolSubjectInput!): SchoolSubjectPayload!
    UpdateSchoolSubject(input: UpdateSchoolSubjectInput!): SchoolSubjectPayload!
    CreateTrainingSession(input: CreateTrainingSessionInput!): TrainingSessionPayload!
  }
`;
