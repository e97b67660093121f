import { describe, expect, it } from 'vitest';
import { clientHeaders, fuzzKinds, type FuzzCase } from '../support/fuzz/cases.js';
import { controlCharsCoverage, forbiddenKinds } from '../support/fuzz/coverage.js';
import { forbiddenTexts, nulTexts } from '../support/fuzz/values.js';

// Issue #24: the fuzz corpus's 10,197 cases did not find that a NUL answered 500. The texts no string may hold are in
// its values, and tests/api/fuzzing.test.ts checks with controlCharsCoverage that the corpus it sends carries each
// kind to routes (body and URL) and to GraphQL (variables and the document). Here: the values, and that the check
// sees what a case sends and misses nothing.

const kindsOf = (text: string) => Object.entries(forbiddenKinds).filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);

describe('the fuzz corpus', () => {
  it('has a control-chars kind whose texts are NUL, the other C0 controls but tab, LF and CR, lone surrogates and direction overrides', () => {
    expect(fuzzKinds).toContain('control-chars');
    expect(nulTexts.length).toBeGreaterThan(0);
    expect(nulTexts.filter((text) => !forbiddenKinds.nul.test(text))).toEqual([]);
    expect(new Set(forbiddenTexts.flatMap(kindsOf))).toEqual(new Set(['nul', 'otherControl', 'loneSurrogate', 'rightToLeftOverride', 'leftToRightOverride']));
    // Every text holds a forbidden character: tab, LF and CR are text, a case made of them only would be accepted.
    expect(forbiddenTexts.filter((text) => kindsOf(text).length === 0)).toEqual([]);
    expect(kindsOf('tab\there\r\nand there')).toEqual([]);
    // Both halves of a surrogate pair alone are lone; a pair (an emoji) is not.
    expect([kindsOf('\ud800'), kindsOf('x\udc00y'), kindsOf('😀')]).toEqual([['loneSurrogate'], ['loneSurrogate'], []]);
  });

  it('the corpus check reads a route body, a URL, a GraphQL variable and a text written in the document, and names a case sending none', () => {
    const fuzzCase = (id: number, target: string, path: string, body?: unknown): FuzzCase => ({
      id, kind: 'control-chars', target, actor: 'pedagogy', input: 'x', last: false,
      request: () => ({ method: 'POST', path, headers: clientHeaders('fr'), body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)) }),
    });
    const cases: FuzzCase[] = [
      fuzzCase(1, 'POST /api/news', '/api/news', { title: 'Rentrée\u0000', blocks: [{ text: 'x\udc00y' }] }),
      fuzzCase(2, 'GET /api/students', `/api/students?search=${encodeURIComponent('\u202efdp.exe')}&n=${encodeURIComponent('unit\u001f')}`),
      fuzzCase(3, 'graphql Mutation.CreateSchoolSubject', '/api/graphql', { query: 'mutation Fuzz($name: String!) { CreateSchoolSubject(name: $name) { id } }', variables: { name: 'abc\u202d' } }),
      fuzzCase(4, 'graphql Query.ActorsByName', '/api/graphql', { query: 'query Fuzz { ActorsByName(name: "Du\\u0000pont") { id } }', variables: {} }),
      fuzzCase(5, 'POST /api/rooms', '/api/rooms', { title: 'plain' }),
      { ...fuzzCase(6, 'POST /api/rooms', '/api/rooms', { title: '\u0000' }), kind: 'huge-string' },
    ];
    expect(controlCharsCoverage(cases)).toEqual({
      kinds: {
        'route body': ['nul', 'loneSurrogate'],
        'route URL': ['otherControl', 'rightToLeftOverride'],
        'graphql variable': ['leftToRightOverride'],
        'graphql document': ['nul'],
      },
      withoutAny: ['#5 POST /api/rooms x'],
      count: 5,
    });
  });
});
