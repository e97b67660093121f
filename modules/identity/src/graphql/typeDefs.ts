export const typeDefs = /* GraphQL */ `
  type CampusWithOpenDays { id: ID! uuid: ID! name: String! openDays: [Int!]! }
  type IsSubjectGrantedResult { isGranted: Boolean! }
  extend type Query {
    CampusPermissionWithOpenDays(actorId: ID!): [CampusWithOpenDays!]!
    IsSubjectGranted(granted: String!, type: String!, subject: String): IsSubjectGrantedResult!
  }
`;
