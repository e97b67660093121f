/** SPEC §3 Actor and Organisation option, §7 people queries and UpdateActor. Other modules may `extend type Actor`. */
export const typeDefs = /* GraphQL */ `
  type ActorCampus { id: ID! uuid: ID! name: String! }
  type ActorTypology { name: String! reference: String! }
  type ActorAccessRule { campus: ActorCampus! actorTypology: ActorTypology! }
  type CorporationOption { id: ID! uuid: ID! name: String! shortName: String siret: String }
  type Actor {
    id: ID!
    uuid: ID!
    firstName: String!
    lastName: String!
    email: String!
    phone: String
    archived: Boolean!
    "Access rules on the viewer's campuses."
    actorAccessRules: [ActorAccessRule!]!
    corporations: [CorporationOption!]!
  }
  type ActorPage { total: Int! items: [Actor!]! }
  type Corporation {
    id: ID!
    uuid: ID!
    name: String!
    shortName: String
    siret: String
    streetAddress: String
    addressSupplement: String
    postalCode: String
    addressLocality: String
    addressCountry: String
    "People on the viewer's campuses."
    contacts: [Actor!]!
    tutors: [Actor!]!
  }
  input UpdateActorInput { id: ID! archived: Boolean! clientMutationId: String }
  type UpdateActorPayload { clientMutationId: String actor: Actor! message: String! }
  extend type Query {
    "SPEC §5 matching: last name cut at the first dash or space, first names joined with %; strict = exact names only."
    ActorsByName(lastName: String!, firstName: String!, strict: Boolean, excludeId: ID): [Actor!]!
    ActorsByMail(email: String!, strict: Boolean, excludeId: ID): [Actor!]!
    getReferentsByCampus(campusUuid: ID!): [Actor!]!
    actors(search: String, archived: Boolean, campusList: [ID!], typology: String, limit: Int, offset: Int): ActorPage!
    actor(id: ID!): Actor!
    getTutorsByCorporation(corporationUuid: ID!): [Actor!]!
    tutors(search: String, archived: Boolean): [Actor!]!
    searchCorporations(search: String!): [CorporationOption!]!
    corporations(search: String): [Corporation!]!
    corporation(id: ID!): Corporation!
  }
  extend type Mutation {
    "Archives or unarchives an actor (SPEC §4)."
    UpdateActor(input: UpdateActorInput!): UpdateActorPayload!
  }
`;
