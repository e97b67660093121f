/** SPEC §3 shapes and the §7 operations of the training centre's places, time slots and closures. */
export const typeDefs = /* GraphQL */ `
  type Campus {
    id: ID!
    uuid: ID!
    name: String!
    openDays: [Int!]!
  }
  "Read through a campus, a site lists its buildings and a building its rooms; read from a room, they list none."
  type Site {
    id: ID!
    uuid: ID!
    name: String!
    address: String
    campus: Campus!
    buildings: [Building!]!
  }
  type Building {
    id: ID!
    uuid: ID!
    name: String!
    site: Site!
    rooms: [Room!]!
  }
  type Room {
    id: ID!
    uuid: ID!
    name: String!
    size: Int!
    building: Building!
  }
  "A campus with its sites, buildings and rooms; canEdit / canManage tell what the viewer may change."
  type CampusInfo {
    id: ID!
    uuid: ID!
    name: String!
    openDays: [Int!]!
    canEdit: Boolean!
    canManage: Boolean!
    sites: [Site!]!
  }
  type TimeSlot {
    id: ID!
    uuid: ID!
    "HH:MM"
    startTime: String!
    endTime: String!
    modelTimeSlot: ModelTimeSlot
  }
  type ModelTimeSlot {
    id: ID!
    uuid: ID!
    name: String!
    campus: Campus!
    timeSlots: [TimeSlot!]!
  }
  type ScheduleCampusClosure {
    id: ID!
    uuid: ID!
    "YYYY-MM-DD"
    startDate: String!
    endDate: String!
    type: String!
    name: String
    campus: Campus!
  }
  type PublicHoliday {
    "YYYY-MM-DD"
    date: String!
    key: String!
    "In the request's language."
    name: String!
  }

  input CreateModelTimeSlotInput { campus: ID, name: String, clientMutationId: String }
  input UpdateModelTimeSlotInput { id: ID!, name: String, clientMutationId: String }
  input DeleteModelTimeSlotInput { id: ID!, clientMutationId: String }
  input CreateTimeSlotInput { modelTimeSlot: ID, startTime: String, endTime: String, clientMutationId: String }
  input UpdateTimeSlotInput { id: ID!, modelTimeSlot: ID, startTime: String, endTime: String, clientMutationId: String }
  input DeleteTimeSlotInput { id: ID!, clientMutationId: String }
  input CreateScheduleCampusClosureInput { campus: ID, startDate: String, endDate: String, type: String, name: String, clientMutationId: String }
  input UpdateScheduleCampusClosureInput { id: ID!, campus: ID, startDate: String, endDate: String, type: String, name: String, clientMutationId: String }
  input DeleteScheduleCampusClosureInput { id: ID!, clientMutationId: String }

  type ModelTimeSlotPayload { modelTimeSlot: ModelTimeSlot!, clientMutationId: String }
  type TimeSlotPayload { timeSlot: TimeSlot!, clientMutationId: String }
  type ScheduleCampusClosurePayload { scheduleCampusClosure: ScheduleCampusClosure!, clientMutationId: String }
  type DeletedPayload { id: ID!, clientMutationId: String }

  extend type Query {
    getCampusInfo(campusId: ID!): CampusInfo
    "The viewer's campuses with their places (all of them, or those of campusList)."
    CampusesInfo(campusList: [ID!]): [CampusInfo!]!
    getRoomsWithBuildingWithCampus(actorId: ID!, campusList: [ID!]): [Room!]!
    ModelTimeSlots(campusList: [ID!]): [ModelTimeSlot!]!
    ModelTimeSlot(modelTimeSlotId: ID!): ModelTimeSlot
    ScheduleCampusClosures(campusList: [ID!], startDate: String, endDate: String): [ScheduleCampusClosure!]!
    PublicHolidays(year: Int!): [PublicHoliday!]!
  }

  extend type Mutation {
    CreateModelTimeSlot(input: CreateModelTimeSlotInput!): ModelTimeSlotPayload!
    UpdateModelTimeSlot(input: UpdateModelTimeSlotInput!): ModelTimeSlotPayload!
    DeleteModelTimeSlot(input: DeleteModelTimeSlotInput!): DeletedPayload!
    CreateTimeSlot(input: CreateTimeSlotInput!): TimeSlotPayload!
    UpdateTimeSlot(input: UpdateTimeSlotInput!): TimeSlotPayload!
    DeleteTimeSlot(input: DeleteTimeSlotInput!): DeletedPayload!
    CreateScheduleCampusClosure(input: CreateScheduleCampusClosureInput!): ScheduleCampusClosurePayload!
    UpdateScheduleCampusClosure(input: UpdateScheduleCampusClosureInput!): ScheduleCampusClosurePayload!
    DeleteScheduleCampusClosure(input: DeleteScheduleCampusClosureInput!): DeletedPayload!
  }
`;
