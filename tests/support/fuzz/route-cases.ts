import { validate, type Translate } from '@alterna/core';
import { withoutWrongTypes } from '@alterna/core/validation';
import type { SurfaceRoute } from '../surface.js';
import { clientHeaders, jsonBytes, keptBodyBytes, languages, multipartBody, shortText, utf8Hole, type FuzzCase, type FuzzKind, type MultipartPart } from './cases.js';
import type { FuzzRequest } from './http.js';
import { Random } from './random.js';
import { baseValue, describeSchema, fieldsOf, looksLikeDate, looksLikeId, looksLikeTime, pathText, setAt, type Described, type SchemaField } from './schema.js';
import {
  badDates, badTimes, deeplyNested, deepNestingLevels, executableBytes, forbiddenTexts, hostileFileNames, hugeArrayLength, hugeString, invalidUtf8,
  invalidUtf8Encoded, malformedJson, nonUuids, nulTexts, pngHeader, wrongTypeFor,
} from './values.js';

// The cases of every mounted route, from its declaration: the body schema's fields (wrong types, missing and
// extra fields, huge, deep, unknown choices, impossible dates), its UUID params, its upload, and what every
// route shares (query strings, content types, encodings). Each case stays invalid so nothing can be written:
// a body the route's own schema would accept (checked here, with the core's validate) gets one more field
// of a wrong type — the anchor — before it is sent.

export interface RouteFuzzOptions {
  rnd: Random;
  /** Who sends a case to the route: a typology allowed to reach it, or null (anonymous). */
  actorFor(route: SurfaceRoute, rnd: Random): string | null;
  /**
   * Routes whose handler takes no input (logout, renewing one's calendar feed): any request that reaches them
   * acts, so they get only cases refused before the handler, sent anonymously.
   */
  takesNoInput(route: SurfaceRoute): boolean;
}

interface Draft {
  input: string[];
  params: Record<string, string>;
  query: string[];
  json?: { value: unknown; hole?: Buffer };
  raw?: { bytes: Buffer; contentType?: string; headers?: Record<string, string> };
  multipart?: { parts: MultipartPart[]; boundary?: string | null };
  noXhr?: boolean;
  chunked?: boolean;
  /** Refused before any handler whatever else it holds (wrong content type, non-UUID param, unacceptable file). */
  refused: boolean;
  /** Body paths this case changed: the anchor goes elsewhere. */
  touched: string[];
  language: string;
}

type Build = (r: Random, d: Draft) => void;

interface Target {
  route: SurfaceRoute;
  label: string;
  schema?: unknown;
  described?: Described;
  fields: SchemaField[];
  base: (r: Random) => unknown;
  queryNames: string[];
}

const noTranslation = ((key: string) => key) as unknown as Translate;
const typed = new Set(['string', 'number', 'boolean', 'date', 'array', 'object']);
const knexWords = new Set(['where', 'whereNot', 'whereIn', 'whereRaw', 'whereExists', 'first', 'select', 'orderBy', 'orderByRaw', 'leftJoin', 'forUpdate', 'andWhereRaw', 'limit']);
/** Query names many list routes read, besides those a handler names itself. */
const commonQueryNames = ['campus', 'teacher', 'student', 'search', 'q', 'from', 'to', 'date', 'status', 'kind', 'page', 'limit', 'week', 'trainingGroup', 'session', 'readOnly'];

export function routeTarget(route: SurfaceRoute): Target {
  const schema = route.definition.body;
  const described = schema ? describeSchema(schema) : undefined;
  const fields = described ? fieldsOf(described).filter((f) => !f.path.includes('__proto__')) : [];
  const source = String(route.definition.handler);
  const named = [...source.matchAll(/query\.(\w+)|query\[['"]([\w[\]]+)['"]\]/g)].map((m) => m[1] ?? m[2]!).filter((n) => !knexWords.has(n));
  return {
    route, schema, described, fields,
    label: `${route.method.toUpperCase()} ${route.path}`,
    base: (r) => (described ? baseValue(described, '', r) : {}),
    queryNames: [...new Set([...named, ...commonQueryNames])],
  };
}

function baseParam(route: SurfaceRoute, name: string, r: Random): string {
  if ((route.definition.uuidParams ?? []).includes(name)) return r.uuid();
  if (/date/i.test(name)) return /end/i.test(name) ? '2026-03-06' : '2026-03-02';
  if (name === 'readOnly') return '0';
  if (name === 'token') return Array.from({ length: 32 }, () => r.int(16).toString(16)).join('');
  if (name === 'position') return '1';
  if (name === 'type') return 'week';
  return 'fuzz';
}

const enc = (value: string) => encodeURIComponent(value);
/** The forbidden texts a URL can carry (a lone surrogate has no UTF-8 to percent-encode). */
const urlForbiddenTexts = forbiddenTexts.filter((text) => !/[\ud800-\udfff]/.test(text));

/**
 * What a route's own schema makes of a body, as the server's validate does: a value of a wrong JSON type is
 * always refused (found by the core's cheap walk), otherwise yup decides.
 */
async function schemaAccepts(target: Target, value: unknown, full: boolean): Promise<boolean> {
  if (!target.schema) return true;
  // Neither the walk nor yup changes the value: no copy (a body may hold 100,000 characters or 10,000 items).
  const body = value ?? {};
  const wrongTypes: { path: string; message: unknown }[] = [];
  withoutWrongTypes(target.schema, body, '', wrongTypes);
  if (wrongTypes.length) return false;
  if (!full) return true;
  try {
    await validate(target.schema as never, body, noTranslation);
    return true;
  } catch {
    return false;
  }
}

/** Kinds whose bodies are mostly too big to keep: not built at generation. */
const bigKinds = new Set<FuzzKind>(['huge-string', 'huge-array']);

export async function routeCases(target: Target, options: RouteFuzzOptions): Promise<FuzzCase[]> {
  const { route } = target;
  const rnd = options.rnd.fork(target.label);
  const upload = route.definition.upload;
  const method = route.method.toUpperCase();
  const reads = route.method === 'get';
  const noInput = options.takesNoInput(route);
  const uuidParams = route.definition.uuidParams ?? [];
  const otherParams = route.params.filter((p) => !uuidParams.includes(p));
  const cases: FuzzCase[] = [];
  const typedFields = target.fields.filter((f) => typed.has(f.described.type));
  const stringFields = target.fields.filter((f) => f.described.type === 'string');
  const keyOf = (f: SchemaField) => pathText(f.path);

  const fresh = (r: Random): Draft => {
    const params: Record<string, string> = {};
    for (const name of route.params) params[name] = enc(baseParam(route, name, r));
    // Every upload case's file is unacceptable or missing, or its body not multipart: refused before the handler.
    const draft: Draft = { input: [], params, query: [], refused: !!upload, touched: [], language: r.pick(languages) };
    if (!reads && !upload) draft.json = { value: target.base(r) };
    return draft;
  };

  /** One more field of a wrong type (or a non-UUID id in the path), so the schema refuses the body. */
  const anchor = (r: Random, d: Draft) => {
    const free = typedFields.filter((f) => !d.touched.some((t) => keyOf(f).startsWith(t) || t.startsWith(keyOf(f))));
    if (free.length && d.json && d.json.value && typeof d.json.value === 'object' && !Array.isArray(d.json.value)) {
      const field = r.pick(free.sort((a, b) => a.path.length - b.path.length).slice(0, 4));
      const wrong = wrongTypeFor(field.described.type, (n) => r.int(n));
      setAt(d.json.value, field.path, wrong);
      d.input.push(`+ ${keyOf(field)} ← ${shortText(wrong, 30)}`);
    } else if (uuidParams.length) {
      const param = r.pick(uuidParams);
      d.params[param] = 'not-a-uuid';
      d.refused = true;
      d.input.push(`+ :${param}=not-a-uuid`);
    }
  };

  const makeRequest = (d: Draft, r: Random): FuzzRequest => {
    const path = route.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => d.params[name] ?? '');
    const headers = clientHeaders(d.language);
    if (d.noXhr) delete headers['x-requested-with'];
    let body: Buffer | undefined;
    if (d.raw) {
      body = d.raw.bytes;
      if (d.raw.contentType) headers['content-type'] = d.raw.contentType;
      Object.assign(headers, d.raw.headers ?? {});
    } else if (d.multipart) {
      const boundary = `fuzz${r.int(1e9)}`;
      body = multipartBody(d.multipart.parts, boundary);
      headers['content-type'] = d.multipart.boundary === null ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    } else if (d.json) {
      body = jsonBytes(d.json.value, d.json.hole);
      headers['content-type'] = 'application/json';
    }
    return { method, path: d.query.length ? `${path}?${d.query.join('&')}` : path, headers, body, chunked: d.chunked };
  };

  /** Kinds whose value alone is refused by the schema's own rules (yup decides, here as on the server). */
  const refusedByRules = new Set<FuzzKind>(['missing-field', 'unknown-enum', 'bad-date', 'non-uuid', 'control-chars']);
  /**
   * `refusedByCore`: the case holds what the core's type pass refuses in any field the schema describes (a forbidden
   * character), so it goes without the anchor: a core that took it would let the handler write it, and the run says so.
   */
  const add = async (kind: FuzzKind, build: Build, opts: { anonymous?: boolean; refusedByCore?: boolean } = {}) => {
    const seed = rnd.int(2 ** 32);
    const actor = opts.anonymous || noInput ? null : options.actorFor(route, rnd);
    const draftFor = (anchored: boolean) => {
      const r = new Random(seed);
      const d = fresh(r);
      build(r, d);
      if (anchored) anchor(new Random(seed ^ 0x5bd1e995), d);
      return d;
    };
    // A body the schema might accept gets the anchor, a field of a wrong type: the server then reports both
    // (its validate runs yup on the rest), and the handler never runs. A few kinds go without, checked by yup.
    const checkable = (d: Draft) => !reads && !d.refused && !!target.schema && !d.raw && !d.multipart;
    let anchored = false;
    let draft = draftFor(false);
    if (!reads && !draft.refused && noInput && actor !== null) return;
    if (!opts.refusedByCore && checkable(draft) && (await schemaAccepts(target, draft.json?.value, refusedByRules.has(kind)))) {
      anchored = true;
      draft = draftFor(true);
      if (checkable(draft) && (await schemaAccepts(target, draft.json?.value, true))) return;
    }
    const input = draft.input.join(' ') || '(base)';
    // Small requests are kept as built; big ones are built when sent, so they exist only in flight.
    const built = bigKinds.has(kind) ? null : makeRequest(draft, new Random(seed ^ 0x27d4eb2f));
    const kept = built && (built.body?.length ?? 0) <= keptBodyBytes ? built : null;
    cases.push({
      id: -1, kind, target: target.label, actor, input,
      last: route.name.startsWith('pepal_core_login.'),
      request: () => {
        const request = kept ?? makeRequest(draftFor(anchored), new Random(seed ^ 0x27d4eb2f));
        return { ...request, headers: { ...request.headers } };
      },
    });
  };

  const setField = (d: Draft, field: SchemaField | { path: (string | number)[] }, value: unknown, label = shortText(value, 40)) => {
    if (!d.json || !d.json.value || typeof d.json.value !== 'object') d.json = { value: {} };
    setAt(d.json.value, field.path, value);
    d.touched.push(pathText(field.path));
    d.input.push(`${pathText(field.path)} ← ${label}`);
  };
  const fieldOrExtra = (r: Random, list: SchemaField[]) => (list.length ? r.pick(list) : { path: ['fuzzUnknown'], name: 'fuzzUnknown' } as SchemaField);
  /** A forbidden text in the query string (names the handler reads) or in a path segment that is not an id. */
  const controlInUrl: Build = (r, d) => {
    const text = r.pick(urlForbiddenTexts);
    if (otherParams.length && r.chance(0.5)) {
      const param = r.pick(otherParams);
      d.params[param] = enc(text);
      d.input.push(`:${param}=${shortText(JSON.stringify(text), 30)}`);
    } else {
      const name = r.pick(target.queryNames);
      d.query.push(`${enc(name)}=${enc(text)}`);
      d.input.push(`?${name}=${shortText(JSON.stringify(text), 30)}`);
    }
  };
  /**
   * Forbidden texts in the body: in string fields of the schema (one with NUL), or in the fields services read when it
   * has none. A schema without string fields gets an unknown field, stripped: that case keeps its anchor.
   */
  const controlInBody: Build = (r, d) => {
    if (target.schema) {
      for (const [i, field] of r.sample(stringFields.length ? stringFields : [fieldOrExtra(r, [])], 2).entries()) {
        const text = r.pick(i === 0 ? nulTexts : forbiddenTexts);
        setField(d, field, text, shortText(JSON.stringify(text), 30));
      }
      return;
    }
    const names = ['name', 'label', 'title', 'firstName', 'lastName', 'comment', 'search', 'description'];
    d.json = { value: Object.fromEntries(r.sample(names, 3).map((n, i) => [n, r.pick(i === 0 ? nulTexts : forbiddenTexts)])) };
    d.input.push(shortText(JSON.stringify(d.json.value), 90));
  };

  // Path params: every UUID param gets non-UUIDs; the others impossible values; all get invalid UTF-8.
  for (const [index, param] of uuidParams.entries()) {
    for (let i = 0; i < (index === 0 ? 2 : 1); i += 1) {
      await add('non-uuid', (r, d) => {
        const junk = r.pick(nonUuids);
        d.params[param] = enc(junk);
        d.refused = true;
        d.input.push(`:${param}=${shortText(junk, 30)}`);
      });
    }
  }
  if (route.params.length) {
    await add('non-uuid', (_r, d) => {
      // A traversal left raw in the path: the router must not match it to another route's handler.
      const param = route.params[0]!;
      d.params[param] = '..%2F..%2Fauth%2Fme/../..';
      d.refused = uuidParams.includes(param);
      d.input.push(`:${param}=../..`);
    });
    await add('invalid-utf8', (r, d) => {
      const param = r.pick(route.params);
      d.params[param] = r.chance(0.5) ? r.pick(invalidUtf8Encoded) : `fuzz${r.pick(invalidUtf8).toString('latin1')}`;
      d.refused = uuidParams.includes(param);
      d.input.push(`:${param}=<invalid UTF-8>`);
    });
    await add('huge-string', (r, d) => {
      const param = r.pick(route.params);
      d.params[param] = 'A'.repeat(12_000);
      d.refused = uuidParams.includes(param);
      d.input.push(`:${param}=<12,000 chars>`);
    });
  }
  for (const param of otherParams) {
    await add(/date/i.test(param) || param === 'readOnly' ? 'bad-date' : 'non-uuid', (r, d) => {
      const junk = param === 'readOnly' ? r.pick(['2', '-1', 'true', '01', '1.0']) : /date/i.test(param) ? r.pick(badDates) : r.pick([...nonUuids, ...badTimes]);
      d.params[param] = enc(junk);
      d.input.push(`:${param}=${shortText(junk, 30)}`);
    });
  }

  // Query strings: readOnly=2, ids that are not, impossible dates, repeated and bracketed keys, huge values.
  await add('read-only', (r, d) => {
    d.query.push('readOnly=2');
    if (route.params.includes('readOnly')) d.params.readOnly = '2';
    if (d.json && target.schema) setField(d, { path: ['readOnly'] }, 2);
    else if (d.json) d.json.value = { readOnly: 2 };
    d.input.push('?readOnly=2');
  });
  // Reads take their input from the query string; a change from its body (its query string gets readOnly=2 above).
  const queryJunkCount = reads ? 1 : 0;
  for (let i = 0; i < queryJunkCount; i += 1) {
    await add('query-junk', (r, d) => {
      for (const name of r.sample(target.queryNames, 1 + r.int(3))) {
        const variant = r.int(8);
        if (variant === 0) d.query.push(`${enc(name)}=${enc(r.pick(nonUuids))}`);
        else if (variant === 1) d.query.push(`${enc(name)}=${enc(r.pick([...badDates, ...badTimes]))}`);
        else if (variant === 2) d.query.push(`${enc(name)}=a`, `${enc(name)}=${enc(r.uuid())}`, `${enc(name)}=`);
        else if (variant === 3) d.query.push(`${enc(name)}[]=1`, `${enc(name)}[$ne]=1`, '__proto__[polluted]=1', 'constructor[prototype][polluted]=1');
        else if (variant === 4) d.query.push(`${enc(name)}=${'Q'.repeat(3_000)}`);
        else if (variant === 5) d.query.push(`${enc(name)}=${r.pick(invalidUtf8Encoded)}`, `${r.pick(invalidUtf8Encoded)}=1`);
        else if (variant === 6) d.query.push(`${enc(name)}=%00`, `${enc(name)}%00=1`, `${enc(name)}=${enc('1,2,,not-a-uuid')}`);
        else d.query.push(`${enc(name)}${'[a]'.repeat(1_000)}=1`);
      }
      d.input.push(`?${shortText(d.query.join('&'), 80)}`);
    });
  }
  if (reads) {
    const dateNames = target.queryNames.filter(looksLikeDate);
    await add('bad-date', (r, d) => {
      for (const name of r.sample(dateNames.length ? dateNames : ['date', 'from', 'to'], 2)) d.query.push(`${enc(name)}=${enc(r.pick(badDates))}`);
      d.input.push(`?${d.query.join('&')}`);
    });
  }
  if (route.permission !== 'public') {
    await add(reads ? 'query-junk' : 'wrong-type', (r, d) => {
      d.query.push(`campus=${enc(r.pick(nonUuids))}`);
      if (d.json) d.json.value = [r.pick(nonUuids)];
      d.input.push('anonymous, junk');
    }, { anonymous: true });
  }
  if (reads) {
    await add('control-chars', controlInUrl);
    return cases;
  }

  if (upload) {
    await uploadCases(target, add);
    return cases;
  }

  // Bodies refused before they are read: other content types, broken JSON, bodies other than JSON objects.
  const contentTypes: [string, (d: Draft) => void][] = [
    ['text/plain', (d) => { d.raw = { bytes: jsonBytes(d.json?.value), contentType: 'text/plain' }; d.refused = true; }],
    ['urlencoded', (d) => { d.raw = { bytes: Buffer.from('name=fuzz&readOnly=2&id=not-a-uuid'), contentType: 'application/x-www-form-urlencoded' }; d.noXhr = true; d.refused = true; }],
    ['multipart', (d) => { d.multipart = { parts: [{ name: 'file', value: executableBytes, filename: '../../x.exe' }, { name: 'name', value: 'fuzz' }] }; d.refused = true; }],
    ['no content type', (d) => { d.raw = { bytes: jsonBytes(d.json?.value) }; d.refused = true; }],
    ['xml', (d) => { d.raw = { bytes: Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>'), contentType: 'application/xml' }; d.refused = true; }],
    ['json, unknown charset', (d) => { d.raw = { bytes: jsonBytes(d.json?.value), contentType: 'application/json; charset=x-fuzz' }; }],
    ['json, utf-16 charset', (d) => { d.raw = { bytes: jsonBytes(d.json?.value), contentType: 'application/json; charset=utf-16' }; }],
    ['json, gzip that is not', (d) => { d.raw = { bytes: jsonBytes(d.json?.value), contentType: 'application/json', headers: { 'content-encoding': 'gzip' } }; }],
    ['json, unknown encoding', (d) => { d.raw = { bytes: jsonBytes(d.json?.value), contentType: 'application/json', headers: { 'content-encoding': 'x-fuzz' } }; }],
  ];
  for (let i = 0; i < 2; i += 1) {
    await add('content-type', (r, d) => {
      const [label, apply] = r.pick(contentTypes);
      // Bodies the server might still read as JSON carry an invalid field, like every other case.
      if (target.schema && d.json) anchor(r, d);
      apply(d);
      d.input.push(label);
    });
  }
  await add('malformed-json', (r, d) => {
    const text = r.pick(malformedJson);
    d.raw = { bytes: Buffer.from(text, 'utf8'), contentType: 'application/json' };
    d.refused = true;
    d.input.push(shortText(text, 40));
  });
  if (noInput) return cases;

  if (!target.schema) {
    // No declared schema: the service validates. Shapes no object schema takes, and fields many services read.
    for (let i = 0; i < 2; i += 1) {
      await add('wrong-shape', (r, d) => {
        const value = r.pick<unknown>([[], [1, 2, 3], 'text', 42, true, null, [{}], ['not-a-uuid']]);
        d.json = { value };
        d.input.push(`body=${shortText(value, 30)}`);
      });
    }
    await add('wrong-type', (r, d) => {
      const names = ['name', 'label', 'title', 'firstName', 'lastName', 'email', 'campus', 'campusId', 'startDate', 'endDate', 'hours', 'comment', 'status', 'teacher', 'student'];
      d.json = { value: Object.fromEntries(r.sample(names, 6).map((n) => [n, wrongTypeFor('string', (k) => r.int(k))])) };
      d.input.push(shortText(d.json.value, 90));
    });
    await add('non-uuid', (r, d) => {
      d.json = { value: Object.fromEntries(['id', 'campus', 'campusId', 'teacher', 'student', 'training', 'group', 'ids'].map((n) => [n, n === 'ids' ? [r.pick(nonUuids)] : r.pick(nonUuids)])) };
      d.input.push(shortText(d.json.value, 90));
    });
    await add('extra-fields', (r, d) => {
      d.json = { value: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') };
      Object.assign(d.json.value as object, { fuzzUnknown: 'x', id: r.uuid(), $where: 'x', readOnly: 2, name: 42 });
      d.input.push('__proto__, constructor, unknown fields, name ← 42');
    });
    await add('huge-array', (r, d) => {
      d.json = { value: Array.from({ length: hugeArrayLength }, () => (r.chance(0.5) ? 'not-a-uuid' : {})) };
      d.input.push(`body=<array of ${hugeArrayLength}>`);
    });
    await add('deep-nesting', (r, d) => {
      d.json = { value: r.chance(0.5) ? deeplyNested() : { name: deeplyNested(deepNestingLevels, 'array') } };
      d.input.push(`<${deepNestingLevels} levels>`);
    });
    await add('huge-string', (_r, d) => {
      d.json = { value: { name: hugeString(), label: hugeString('é'), title: hugeString(), firstName: hugeString(), lastName: 42 } };
      d.input.push('name, label, title, firstName ← <100,000 chars>, lastName ← 42');
    });
    await add('bad-date', (r, d) => {
      d.json = { value: { startDate: r.pick(badDates), endDate: r.pick(badDates), date: r.pick(badDates), dateOfBirth: r.pick(badDates), startTime: r.pick(badTimes), endTime: r.pick(badTimes) } };
      d.input.push(shortText(d.json.value, 90));
    });
    await add('invalid-utf8', (r, d) => {
      d.json = { value: { name: `a${utf8Hole}b`, label: utf8Hole, lastName: 42 }, hole: r.pick(invalidUtf8) };
      d.input.push('name, label ← <invalid UTF-8>');
    });
    await add('control-chars', controlInBody);
    if (otherParams.length) await add('control-chars', controlInUrl);
    return cases;
  }

  // The schema's own fields.
  for (const field of rnd.sample(typedFields, 3)) {
    await add('wrong-type', (r, d) => setField(d, field, wrongTypeFor(field.described.type, (n) => r.int(n))));
  }
  for (const field of rnd.sample(target.fields.filter((f) => f.required), 2)) {
    await add('missing-field', (_r, d) => {
      if (d.json?.value && typeof d.json.value === 'object') setAt(d.json.value, field.path, undefined, true);
      d.touched.push(pathText(field.path));
      d.input.push(`${pathText(field.path)} missing`);
    });
  }
  await add('extra-fields', (r, d) => {
    const extra = JSON.parse('{"__proto__":{"polluted":true}}');
    Object.assign(d.json!.value as object, extra, { fuzzUnknown: 'x', constructor: { prototype: { polluted: true } }, id: r.uuid(), createdAt: '2020-01-01', $where: 'x' });
    d.input.push('__proto__, constructor, id, createdAt, $where, fuzzUnknown');
  });
  const idFields = stringFields.filter((f) => looksLikeId(f.name) || f.described.tests?.some((t) => t.name === 'uuid'));
  if (idFields.length) await add('non-uuid', (r, d) => setField(d, r.pick(idFields), r.pick(nonUuids)));
  await add('huge-string', (r, d) => setField(d, fieldOrExtra(r, stringFields), hugeString(r.pick(['Ab9 ', 'é', '😀'])), '<100,000 chars>'));
  const arrayFields = target.fields.filter((f) => f.described.type === 'array');
  await add('huge-array', (r, d) => {
    const field = fieldOrExtra(r, arrayFields);
    const inner = field.described?.innerType;
    // A list over its declared max is refused by that test alone (the core checks one item past it); a list
    // with no max gets items of a wrong type, which the core reports without running the schema on each.
    const bounded = field.described?.tests?.some((test) => test.name === 'max');
    const item = inner && bounded && r.chance(0.5) ? baseValue(inner, field.name, r) : inner ? wrongTypeFor(inner.type, (n) => r.int(n)) : r.pick<unknown>([42, 'not-a-uuid', {}]);
    setField(d, field, Array.from({ length: hugeArrayLength }, () => item), `<${hugeArrayLength} × ${shortText(item, 20)}>`);
  });
  await add('deep-nesting', (r, d) => {
    setField(d, fieldOrExtra(r, target.fields), deeplyNested(deepNestingLevels, r.chance(0.5) ? 'object' : 'array'), `<${deepNestingLevels} levels>`);
  });
  const enumFields = target.fields.filter((f) => (f.described.oneOf ?? []).some((v) => v !== null && v !== undefined));
  for (const field of rnd.sample(enumFields, 2)) {
    await add('unknown-enum', (r, d) => {
      const choices = field.described.oneOf ?? [];
      const first = String(choices.find((v) => v !== null && v !== undefined));
      const value = r.pick<unknown>(['NOT_A_CHOICE', 'Inconnu', 999, `${first}_X`, ` ${first}`, first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase()]);
      setField(d, field, choices.includes(value) ? 'NOT_A_CHOICE' : value);
    });
  }
  const dateFields = target.fields.filter((f) => f.described.type === 'date' || (f.described.type === 'string' && (looksLikeDate(f.name) || looksLikeTime(f.name))));
  for (const field of rnd.sample(dateFields, 2)) {
    await add('bad-date', (r, d) => setField(d, field, looksLikeTime(field.name) && field.described.type !== 'date' ? r.pick(badTimes) : r.pick(badDates)));
  }
  await add('invalid-utf8', (r, d) => {
    d.json!.hole = r.pick(invalidUtf8);
    setField(d, fieldOrExtra(r, stringFields), `a${utf8Hole}b`, '<invalid UTF-8>');
  });
  if (route.permission !== 'public') {
    await add('wrong-type', (r, d) => setField(d, fieldOrExtra(r, typedFields), { fuzz: [1] }), { anonymous: true });
  } else {
    await add('wrong-type', (r, d) => setField(d, fieldOrExtra(r, typedFields), [null, {}]), { anonymous: false });
  }
  for (let i = 0; i < 2; i += 1) await add('control-chars', controlInBody, { refusedByCore: stringFields.length > 0 });
  if (otherParams.length) await add('control-chars', controlInUrl);
  return cases;
}

/** Upload routes: every case carries a file no route may keep (a wrong type, over the limit) or none at all. */
async function uploadCases(target: Target, add: (kind: FuzzKind, build: Build) => Promise<void>): Promise<void> {
  const upload = target.route.definition.upload!;
  const fieldParts = (r: Random): MultipartPart[] => {
    const value = target.base(r) as Record<string, unknown>;
    return Object.entries(value ?? {}).flatMap(([name, v]) =>
      Array.isArray(v) ? v.map((item) => ({ name, value: String(item) })) : v && typeof v === 'object' ? [] : [{ name, value: String(v) }]);
  };
  // Over a small route's limit, or a type none accepts (text routes get a PNG, the others an executable).
  const badFile = (r: Random, filename: string | Buffer = 'fuzz.pdf'): MultipartPart => {
    const bytes = upload.maxBytes <= 64 * 1024 && r.chance(0.5)
      ? Buffer.alloc(upload.maxBytes + 1, 'a')
      : upload.accept.includes('application/x-msdownload') ? pngHeader : executableBytes;
    return { name: 'file', value: upload.accept.every((type) => type.startsWith('text/')) && bytes === executableBytes ? pngHeader : bytes, filename, contentType: 'application/pdf' };
  };
  const multipart = (d: Draft, parts: MultipartPart[]) => {
    d.multipart = { parts };
    d.refused = true;
  };
  for (let i = 0; i < 3; i += 1) {
    await add('file-name', (r, d) => {
      const name = r.pick(hostileFileNames);
      multipart(d, [...fieldParts(r), badFile(r, name)]);
      d.input.push(`file "${shortText(name, 40)}"`);
    });
  }
  await add('invalid-utf8', (r, d) => {
    multipart(d, [...fieldParts(r), badFile(r, Buffer.concat([Buffer.from('a'), r.pick(invalidUtf8), Buffer.from('.pdf')]))]);
    d.input.push('file name with invalid UTF-8');
  });
  await add('invalid-utf8', (r, d) => {
    multipart(d, [...fieldParts(r).map((p) => ({ ...p, value: Buffer.concat([Buffer.from(String(p.value)), r.pick(invalidUtf8)]) })), { name: Buffer.concat([Buffer.from('x'), r.pick(invalidUtf8)]), value: '1' }, badFile(r)]);
    d.input.push('field values and name with invalid UTF-8');
  });
  await add('content-type', (r, d) => {
    d.raw = { bytes: jsonBytes(target.base(r)), contentType: 'application/json' };
    d.refused = true;
    d.input.push('JSON to an upload route');
  });
  await add('content-type', (r, d) => {
    multipart(d, [...fieldParts(r), badFile(r)]);
    d.noXhr = true;
    d.input.push('multipart without X-Requested-With');
  });
  await add('content-type', (r, d) => {
    multipart(d, [...fieldParts(r), badFile(r)]);
    d.multipart!.boundary = null;
    d.input.push('multipart without a boundary');
  });
  await add('missing-field', (r, d) => {
    multipart(d, fieldParts(r));
    d.input.push('no file');
  });
  await add('extra-fields', (r, d) => {
    multipart(d, [...fieldParts(r), badFile(r), { name: 'file2', value: executableBytes, filename: '../second.exe' }, { name: 'readOnly', value: '2' }]);
    d.input.push('second file part, readOnly=2');
  });
  await add('extra-fields', (r, d) => {
    multipart(d, [...Array.from({ length: 25 }, (_, i) => ({ name: `extra${i}`, value: 'x' })), badFile(r)]);
    d.input.push('25 extra fields');
  });
  await add('huge-string', (r, d) => {
    const parts = fieldParts(r);
    multipart(d, [...(parts.length ? parts.map((p, i) => (i === 0 ? { ...p, value: hugeString() } : p)) : [{ name: 'name', value: hugeString() }]), badFile(r)]);
    d.input.push('a field of 100,000 chars');
  });
  await add('read-only', (r, d) => {
    multipart(d, [...fieldParts(r), { name: 'readOnly', value: '2' }, badFile(r)]);
    d.query.push('readOnly=2');
    d.input.push('readOnly=2 field and query');
  });
  await add('malformed-json', (r, d) => {
    const body = multipartBody([...fieldParts(r), badFile(r)], 'fuzzcut');
    d.raw = { bytes: body.subarray(0, Math.max(10, body.length - 40)), contentType: 'multipart/form-data; boundary=fuzzcut' };
    d.refused = true;
    d.input.push('multipart cut short');
  });
  await add('control-chars', (r, d) => {
    const text = r.pick(urlForbiddenTexts);
    const parts = fieldParts(r);
    multipart(d, [...(parts.length ? parts.map((p, i) => (i === 0 ? { ...p, value: text } : p)) : [{ name: 'name', value: text }]), badFile(r)]);
    d.input.push(`a field ← ${shortText(JSON.stringify(text), 30)}`);
  });
}

/**
 * The few bodies over 5 MB (slow to send, so a handful): announced and chunked JSON, multipart to a JSON
 * route, and a file over an upload route's limit.
 */
export function bigBodyCases(targets: Target[], options: RouteFuzzOptions, bigBodyBytes: number): FuzzCase[] {
  const rnd = options.rnd.fork('big bodies');
  const json = targets.filter((t) => t.schema && !t.route.definition.upload && t.route.method !== 'get' && !options.takesNoInput(t.route));
  const uploads = targets.filter((t) => t.route.definition.upload && t.route.definition.upload.maxBytes < bigBodyBytes);
  const pathOf = (t: Target, r: Random) => t.route.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => enc(baseParam(t.route, name, r)));
  const cases: FuzzCase[] = [];
  const add = (target: Target | undefined, input: string, make: (t: Target, r: Random) => Omit<FuzzRequest, 'method' | 'path'>) => {
    if (!target) return;
    const seed = rnd.int(2 ** 32);
    const actor = options.actorFor(target.route, rnd);
    const label = `${target.route.method.toUpperCase()} ${target.route.path}`;
    cases.push({
      id: -1, kind: 'big-body', target: label, actor, input, last: false,
      request: () => {
        const r = new Random(seed);
        return { method: target.route.method.toUpperCase(), path: pathOf(target, r), ...make(target, r) };
      },
    });
  };
  const padded = (t: Target, r: Random) => {
    const value = t.base(r) as Record<string, unknown>;
    return jsonBytes({ ...value, fuzzPadding: 'p'.repeat(bigBodyBytes) });
  };
  for (const target of rnd.sample(json, 2)) {
    add(target, '5 MB+ JSON body', (t, r) => ({ headers: clientHeaders('en', { 'content-type': 'application/json' }), body: padded(t, r) }));
  }
  add(rnd.sample(json, 1)[0], '5 MB+ JSON body, chunked (no length)', (t, r) => ({ headers: clientHeaders('fr', { 'content-type': 'application/json' }), body: padded(t, r), chunked: true }));
  add(rnd.sample(json, 1)[0], '5 MB+ multipart body to a JSON route', () => ({
    headers: clientHeaders('en', { 'content-type': 'multipart/form-data; boundary=fuzzbig' }),
    body: multipartBody([{ name: 'file', value: Buffer.alloc(bigBodyBytes, 0x41), filename: '../../big.pdf' }], 'fuzzbig'),
  }));
  add(rnd.sample(uploads, 1)[0], '5 MB+ file over the route limit, named ../../', () => ({
    headers: clientHeaders('fr', { 'content-type': 'multipart/form-data; boundary=fuzzbig' }),
    body: multipartBody([{ name: 'file', value: Buffer.concat([executableBytes, Buffer.alloc(bigBodyBytes, 0x41)]), filename: '../../big.exe', contentType: 'application/pdf' }], 'fuzzbig'),
  }));
  return cases;
}
