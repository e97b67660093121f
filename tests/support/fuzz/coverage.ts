import type { FuzzCase } from './cases.js';

// Issue #24: the corpus's 10,197 cases did not find that a NUL answered 500. What its control-chars cases send, so
// tests/api/fuzzing.test.ts can say the kinds of forbidden text are all in the corpus it sends (a change to the
// generator could drop them while the case count stays above 10,000).

/* eslint-disable no-control-regex -- control characters are what these patterns look for */
export const forbiddenKinds = {
  nul: /\u0000/,
  /** C0 controls but tab, LF and CR (and NUL, counted apart). */
  otherControl: /[\u0001-\u0008\u000b\u000c\u000e-\u001f]/,
  loneSurrogate: /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
  rightToLeftOverride: /\u202e/,
  leftToRightOverride: /\u202d/,
} as const;
/* eslint-enable no-control-regex */
export type ForbiddenKind = keyof typeof forbiddenKinds;

/** Where a text travels: a route's body, its URL (path or query string), a GraphQL variable or the document itself. */
export type Carrier = 'route body' | 'route URL' | 'graphql variable' | 'graphql document';

/** Each string of a case's JSON body (for GraphQL: the document and each variable) and of its path, decoded. */
export function sentTexts(fuzzCase: FuzzCase): { carrier: Carrier; text: string }[] {
  const request = fuzzCase.request();
  const graphql = fuzzCase.target.startsWith('graphql ');
  const sent: { carrier: Carrier; text: string }[] = [];
  const walk = (value: unknown, carrier: Carrier): void => {
    if (typeof value === 'string') sent.push({ carrier, text: value });
    else if (Array.isArray(value)) value.forEach((item) => walk(item, carrier));
    else if (value && typeof value === 'object') Object.values(value).forEach((item) => walk(item, carrier));
  };
  if (request.body) {
    let body: unknown;
    try {
      body = JSON.parse(request.body.toString('utf8'));
    } catch {
      body = request.body.toString('utf8');
    }
    if (graphql && body && typeof body === 'object' && !Array.isArray(body)) {
      const { query, variables } = body as { query?: unknown; variables?: unknown };
      // A text written in the document is a GraphQL string literal: "a\u0000b" reads as a NUL.
      if (typeof query === 'string') sent.push({ carrier: 'graphql document', text: query.replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) });
      walk(variables, 'graphql variable');
    } else walk(body, 'route body');
  }
  if (!graphql) {
    for (const part of request.path.split(/[/?&=]/)) {
      let text = part;
      try {
        text = decodeURIComponent(part);
      } catch {
        // Invalid UTF-8 on purpose: kept as it was sent.
      }
      sent.push({ carrier: 'route URL', text });
    }
  }
  return sent;
}

/** For each carrier, the kinds of forbidden text the control-chars cases send there, and the cases that send none. */
export function controlCharsCoverage(cases: readonly FuzzCase[]): { kinds: Record<Carrier, ForbiddenKind[]>; withoutAny: string[]; count: number } {
  const kinds: Record<Carrier, Set<ForbiddenKind>> = { 'route body': new Set(), 'route URL': new Set(), 'graphql variable': new Set(), 'graphql document': new Set() };
  const withoutAny: string[] = [];
  const control = cases.filter((c) => c.kind === 'control-chars');
  for (const fuzzCase of control) {
    let any = false;
    for (const { carrier, text } of sentTexts(fuzzCase)) {
      for (const [kind, pattern] of Object.entries(forbiddenKinds) as [ForbiddenKind, RegExp][]) {
        if (pattern.test(text)) {
          kinds[carrier].add(kind);
          any = true;
        }
      }
    }
    if (!any) withoutAny.push(`#${fuzzCase.id} ${fuzzCase.target} ${fuzzCase.input}`);
  }
  const order = Object.keys(forbiddenKinds) as ForbiddenKind[];
  const sorted = (set: Set<ForbiddenKind>) => order.filter((kind) => set.has(kind));
  return {
    kinds: { 'route body': sorted(kinds['route body']), 'route URL': sorted(kinds['route URL']), 'graphql variable': sorted(kinds['graphql variable']), 'graphql document': sorted(kinds['graphql document']) },
    withoutAny,
    count: control.length,
  };
}
