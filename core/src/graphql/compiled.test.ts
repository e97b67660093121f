// Every fallback of a compiled answer is logged with its reason and counted; the writer's faults are the unexpected ones.
import { createRequire } from 'node:module';
import type * as Graphql from 'graphql';
import { describe, expect, it } from 'vitest';
import { PermissionMatrix } from '../auth/permissions.js';
import { ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { compiledAnswers, type CompiledField } from './compiled.js';
import type { GraphqlContext } from './index.js';

// The same copy of graphql as compiled.ts reads (see there).
const { buildSchema } = createRequire(import.meta.url)('graphql') as typeof Graphql;
const schema = buildSchema(`
  type Lesson { uuid: ID! name: String }
  type Query { Lessons(campus: ID): [Lesson!]! Other: Boolean }
`);

/** The compiled `Lessons` written by `write`, with what it logged. */
function compiledLessons(write: CompiledField) {
  const logged: { level: string; fields: Record<string, unknown> }[] = [];
  const log = {
    info: (fields: Record<string, unknown>) => logged.push({ level: 'info', fields }),
    error: (fields: Record<string, unknown>) => logged.push({ level: 'error', fields }),
  } as unknown as Logger;
  const part = { owner: 'test', permissions: { Query: { Lessons: 'public' } }, compiled: { Lessons: write } };
  const answer = compiledAnswers(schema, [part], new PermissionMatrix(), log);
  const ctx = { actor: null, language: 'fr', t: ((key: string) => key) as never, permissions: new PermissionMatrix(), koa: {} } as unknown as GraphqlContext;
  const ask = (request: Record<string, unknown>, plain = true) => answer(Buffer.from(JSON.stringify(request)), ctx, plain);
  return { answer, ask, logged };
}

const week = { query: 'query Week($campus: ID) { Lessons(campus: $campus) { uuid name } }', variables: { campus: '1' } };

describe('compiled answers', () => {
  it('counts the answers it writes', async () => {
    const { answer, ask, logged } = compiledLessons(async () => ({ items: ['{"uuid":"1","name":null}'] }));
    expect((await ask(week))?.toString()).toBe('{"data":{"Lessons":[{"uuid":"1","name":null}]}}');
    expect(answer.statistics.counts()).toEqual({ Lessons: { answered: 1, fallbacks: {} } });
    expect(answer.statistics.unexpected()).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('logs and counts a writer that answers null or throws as unexpected', async () => {
    for (const [write, reason] of [[async () => null, 'unwritten'], [async () => { throw new Error('syntax error at "'); }, 'failed']] as const) {
      const { answer, ask, logged } = compiledLessons(write);
      expect(await ask(week)).toBeNull();
      expect(answer.statistics.counts().Lessons).toEqual({ answered: 0, fallbacks: { [reason]: 1 } });
      expect(answer.statistics.unexpected()).toEqual([{ field: 'Lessons', reason, count: 1 }]);
      expect(logged).toEqual([{ level: 'error', fields: expect.objectContaining({ field: 'Lessons', reason }) }]);
    }
  });

  it('logs and counts what the executor answers by design as expected, and leaves other documents uncounted', async () => {
    const { answer, ask, logged } = compiledLessons(async () => { throw new ValidationError([{ path: 'campus', message: 'unknown campus' }]); });
    expect(await ask(week)).toBeNull();
    expect(await ask(week, false)).toBeNull();
    expect(await ask({ ...week, operationName: 'Other' })).toBeNull();
    expect(await ask({ ...week, variables: { campus: [[1]] } })).toBeNull();
    expect(await ask({ ...week, extensions: { persistedQuery: {} } })).toBeNull();
    expect(await ask({ query: '{ Lessons { ...lesson } } fragment lesson on Lesson { uuid }' })).toBeNull();
    expect(await ask({ query: '{ Lessons { uuid } Other }' })).toBeNull();
    expect(await ask({ query: '{ Lessons { __typename uuid } }' })).toBeNull();
    expect(await ask({ query: `{ Lessons { uuid ${' '.repeat(20_000)}} }` })).toBeNull();
    // Not asked at the root: no fallback.
    expect(await ask({ query: '{ Other }', variables: { note: 'Lessons' } })).toBeNull();
    expect(await ask({ query: '{ Lessons { uuid ' })).toBeNull();
    expect(answer.statistics.counts().Lessons).toEqual({ answered: 0, fallbacks: { refused: 1, encoded: 1, operation: 1, variables: 1, document: 5 } });
    expect(answer.statistics.unexpected()).toEqual([]);
    expect(logged.map((line) => [line.level, line.fields.reason])).toEqual([
      ['info', 'refused'], ['info', 'encoded'], ['info', 'operation'], ['info', 'variables'], ['info', 'document'], ['info', 'document'], ['info', 'document'],
      ['info', 'document'], ['info', 'document'],
    ]);
    expect(logged[0]!.fields.refusal).toBe('unknown campus');
  });
});
