export const typeDefs = /* GraphQL */ `
  type ProfileChangePerson { uuid: ID! firstName: String! lastName: String! }
  type ProfileChangeSubject { uuid: ID! firstName: String! lastName: String! email: String! }
  type ProfileChangeCampus { uuid: ID! name: String! }
  "One requested field: its value when the request was filed, and the value asked for."
  type ProfileChangeField { field: String! from: String! to: String! }
  type ProfileChangeRequest {
    uuid: ID!
    "pending, approved, rejected, expired, failed or cancelled"
    status: String!
    person: ProfileChangeSubject!
    requestedBy: ProfileChangePerson
    campus: ProfileChangeCampus!
    changes: [ProfileChangeField!]!
    createdAt: String!
    expiresAt: String!
    remindedAt: String
    decidedAt: String
    decidedBy: ProfileChangePerson
    "Why an approved change could not be applied, in the reader's language."
    failureMessage: String
    "Whether the viewer may approve or reject it now: not about or filed by them, and they may edit the person on all the person's campuses."
    canDecide: Boolean!
  }
  input CreateProfileChangeRequestInput {
    "Another actor, whom the filer may edit on all their campuses (staff); absent for one's own profile."
    actorId: ID
    firstName: String!
    lastName: String!
    email: String!
    clientMutationId: String
  }
  type CreateProfileChangeRequestPayload { clientMutationId: String request: ProfileChangeRequest! }
  extend type Query {
    "The approvers' inbox: requests of the viewer's campuses, newest first."
    profileChangeRequests(status: String, campusList: [ID!]): [ProfileChangeRequest!]!
    myProfileChangeRequests: [ProfileChangeRequest!]!
  }
  extend type Mutation {
    CreateProfileChangeRequest(input: CreateProfileChangeRequestInput!): CreateProfileChangeRequestPayload!
  }
`;
