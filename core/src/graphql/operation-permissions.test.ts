import { describe, expect, it } from 'vitest';
import { PermissionMatrix } from '../auth/permissions.js';
import type { Actor, Typology } from '../auth/types.js';
import { AccessDeniedError, NotLoggedInError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createGraphqlHandler } from './index.js';
import { guardOperations, OperationPermissionError } from './operation-permissions.js';

const matrix = new PermissionMatrix();
matrix.add('probe', [{ id: 'probe.thing.read', kind: 'read', typologies: ['pedagogy'] }]);

const actor = (typology: Typology): Actor => ({
  id: 'a', firstName: 'A', lastName: 'B', email: 'a@b.c', language: 'fr', rules: [{ campusId: 'c', campusName: 'C', typology }],
});
const resolved = { Query: { things: () => 'things', hello: () => 'hello', me: () => 'me' } };
const declared = { Query: { things: 'probe.thing.read', hello: 'public', me: 'authenticated' } };
const run = (resolvers: Record<string, Record<string, unknown>>, field: string, who: Actor | null) =>
  (resolvers.Query![field] as (...args: unknown[]) => unknown)(null, {}, { actor: who }, null);

describe('operation permissions declared by a module', () => {
  it('runs an operation for whoever its declaration lets in, and refuses the others as the routes do', () => {
    const guarded = guardOperations('probe', resolved, declared, matrix);
    expect(run(guarded, 'things', actor('pedagogy'))).toBe('things');
    expect(() => run(guarded, 'things', actor('teacher'))).toThrow(AccessDeniedError);
    expect(() => run(guarded, 'things', null)).toThrow(NotLoggedInError);
    expect(run(guarded, 'me', actor('student'))).toBe('me');
    expect(() => run(guarded, 'me', null)).toThrow(NotLoggedInError);
    expect(run(guarded, 'hello', null)).toBe('hello');
  });

  it('stops the start when an operation has no declaration, naming the module and the field', () => {
    expect(() => guardOperations('probe', resolved, { Query: { things: 'probe.thing.read', hello: 'public' } }, matrix)).toThrow(
      new OperationPermissionError('Module "probe": GraphQL Query.me declares no permission (graphql.permissions.Query.me)'),
    );
  });

  it('stops the start on an unknown permission or a declaration of a field the module does not resolve', () => {
    expect(() => guardOperations('probe', resolved, { Query: { ...declared.Query, things: 'probe.thing.write' } }, matrix)).toThrow(
      'Module "probe": GraphQL Query.things declares the unknown permission "probe.thing.write"',
    );
    expect(() => guardOperations('probe', resolved, { Query: { ...declared.Query, gone: 'public' } }, matrix)).toThrow(
      'Module "probe": graphql.permissions.Query.gone declares a field it does not resolve',
    );
  });

  it('refuses a schema whose operation no part resolves with a declaration', () => {
    const part = { owner: 'probe', typeDefs: 'extend type Query { things: String orphan: String }', permissions: { Query: { things: 'probe.thing.read' } }, resolvers: { Query: { things: () => 'x' } } };
    expect(() => createGraphqlHandler([part], matrix, createLogger('silent'), false)).toThrow('GraphQL Query.orphan has no resolver with a declared permission');
  });
});
