/** SPEC §7: createPepalFolder and updatePepalFolder, each with an input object, return folderName and parent { folderName }. */
export const typeDefs = /* GraphQL */ `
  type PepalFolderParent { id: ID! folderName: String! }
  type PepalFolderPlanningGroup { id: ID! name: String! }
  type PepalFolder {
    id: ID!
    folderName: String!
    campusId: ID!
    parent: PepalFolderParent
    planningGroups: [PepalFolderPlanningGroup!]!
  }
  input CreatePepalFolderInput { folderName: String! campus: ID! parent: ID planningGroups: [ID!] clientMutationId: String }
  input UpdatePepalFolderInput { id: ID! folderName: String parent: ID planningGroups: [ID!] clientMutationId: String }
  type PepalFolderPayload { clientMutationId: String pepalFolder: PepalFolder! }
  extend type Query {
    pepalFolders(campus: ID): [PepalFolder!]!
  }
  extend type Mutation {
    createPepalFolder(input: CreatePepalFolderInput!): PepalFolderPayload!
    updatePepalFolder(input: UpdatePepalFolderInput!): PepalFolderPayload!
  }
`;
