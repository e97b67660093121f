import { assertIdArgs, NotLoggedInError, type GraphqlContext, type GraphqlContribution } from '@alterna/core';
import { perm } from '../permissions.js';
import type { ProfileChangesServices } from '../services/index.js';
import type { ProfileChangeRequestView } from '../services/requests.js';
import { operationPermissions } from './permissions.js';

const typeDefs = /* GraphQL */ `
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

const withUuid = { uuid: (o: { id: string }) => o.id };

function loggedIn(ctx: GraphqlContext) {
  if (!ctx.actor) throw new NotLoggedInError();
  return ctx.actor;
}

export const graphql: GraphqlContribution<ProfileChangesServices> = {
  permissions: operationPermissions,
  typeDefs,
  resolvers: (services) => ({
    ProfileChangePerson: withUuid,
    ProfileChangeSubject: withUuid,
    ProfileChangeCampus: withUuid,
    ProfileChangeRequest: withUuid,
    Query: {
      profileChangeRequests(_: unknown, args: { status?: string | null; campusList?: string[] | null }, ctx: GraphqlContext) {
        ctx.permissions.assert(ctx.actor, perm.requestRead);
        assertIdArgs(ctx.t, { campusList: args.campusList ?? [] });
        return services.requests.list(ctx.actor, { status: args.status ?? null, campusList: args.campusList ?? null }, ctx.t);
      },
      myProfileChangeRequests(_: unknown, __: unknown, ctx: GraphqlContext) {
        return services.requests.mine(loggedIn(ctx), ctx.t);
      },
    },
    Mutation: {
      async CreateProfileChangeRequest(_: unknown, args: { input: { actorId?: string | null; clientMutationId?: string | null } & Record<string, unknown> }, ctx: GraphqlContext) {
        const actor = loggedIn(ctx);
        assertIdArgs(ctx.t, { actorId: [args.input.actorId] });
        const request: ProfileChangeRequestView = await services.requests.file(actor, args.input, ctx.t);
        return { clientMutationId: args.input.clientMutationId ?? null, request };
      },
    },
  }),
};
