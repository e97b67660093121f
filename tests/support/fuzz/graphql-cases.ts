import { createRequire } from 'node:module';
import type { GraphQLInputType, GraphQLNamedType, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import { isUuid } from '@alterna/core';
import type { SurfaceOperation } from '../surface.js';
import { clientHeaders, jsonBytes, keptBodyBytes, languages, multipartBody, shortText, utf8Hole, type FuzzCase, type FuzzKind } from './cases.js';
import type { FuzzRequest } from './http.js';
import { Random } from './random.js';
import { cloneJson, looksLikeDate, looksLikeTime, pathText, setAt, type Path } from './schema.js';
import { badDates, badTimes, deeplyNested, deepNestingLevels, forbiddenTexts, hugeArrayLength, hugeString, invalidUtf8, malformedJson, nonUuids, nulTexts } from './values.js';

// The cases of every GraphQL Query and Mutation field, from its arguments' input types: variables of wrong
// types, missing and unknown input fields, non-UUID ids, huge lists and strings, unknown enum values, deep
// selections and broken documents. A Mutation case is checked here as the server will (the document against
// the schema, the variables' coercion): one that would run with only well-formed ids gets an unknown input field.

// The graphql copy the core's schema was built with (Node's own resolution): under vitest, an `import` of
// 'graphql' here gets its ES module build, a second copy whose type checks refuse the schema's types.
const {
  getNamedType, getVariableValues, isEnumType, isInputObjectType, isInterfaceType, isListType, isNonNullType, isObjectType, isUnionType,
  parse, validate: validateDocument,
} = createRequire(import.meta.url)('graphql') as typeof import('graphql');

interface Slot {
  path: Path;
  name: string;
  type: GraphQLInputType;
}

interface Draft {
  document: string;
  variables: Record<string, unknown>;
  hole?: Buffer;
  /** A body other than `{ query, variables }` JSON. */
  raw?: { bytes: Buffer; contentType?: string };
  method?: string;
  query?: string;
  noLength?: boolean;
  input: string[];
  language: string;
}

type Build = (r: Random, d: Draft) => void;

export interface GraphqlFuzzOptions {
  rnd: Random;
  schema: GraphQLSchema;
  actorFor(operation: SurfaceOperation, rnd: Random): string | null;
}

const isIdType = (type: GraphQLInputType) => getNamedType(type).name === 'ID';

function baseInput(type: GraphQLInputType, name: string, r: Random): unknown {
  if (isNonNullType(type)) return baseInput(type.ofType, name, r);
  if (isListType(type)) return [baseInput(type.ofType, name, r)];
  if (isInputObjectType(type)) return Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, baseInput(f.type, f.name, r)]));
  if (isEnumType(type)) return type.getValues()[0]?.name;
  switch (type.name) {
    case 'ID': return r.uuid();
    case 'Int': return /year/i.test(name) ? 2026 : 1;
    case 'Float': return 1.5;
    case 'Boolean': return false;
    case 'String':
      if (looksLikeTime(name)) return '09:00';
      if (looksLikeDate(name)) return '2026-03-02';
      if (/mail/i.test(name)) return 'fuzz@example.test';
      return 'Fuzz';
    default: return {};
  }
}

/** Every place a value goes in the variables: the arguments, their input objects' fields, list items through the first. */
function slotsOf(type: GraphQLInputType, path: Path, name: string, seen = new Set<string>()): Slot[] {
  const slots: Slot[] = [{ path, name, type }];
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) slots.push(...slotsOf(inner.ofType, [...path, 0], name, seen));
  else if (isInputObjectType(inner) && !seen.has(inner.name)) {
    const next = new Set(seen).add(inner.name);
    for (const field of Object.values(inner.getFields())) slots.push(...slotsOf(field.type, [...path, field.name], field.name, next));
  }
  return slots;
}

/** A JSON value of another type than the slot's (lists take a single value as a list of one, so they get an object). */
function wrongValue(type: GraphQLInputType, r: Random): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return r.pick([{ fuzz: 1 }, { 0: 'a' }]);
  if (isInputObjectType(inner)) return r.pick(['text', 42, true, [1]]);
  if (isEnumType(inner)) return r.pick([42, true, { value: 1 }]);
  switch ((inner as GraphQLNamedType).name) {
    case 'ID': return r.pick([true, { id: 1 }, [['x']], 1.5]);
    case 'String': return r.pick([42, true, { s: 1 }, [['x']]]);
    case 'Int': return r.pick(['12', 1.5, 2 ** 40, true, 'NaN']);
    case 'Float': return r.pick(['1.5', true, { f: 1 }]);
    case 'Boolean': return r.pick(['true', 1, 0, 'yes']);
    default: return undefined;
  }
}

/** A selection that descends through object fields without required arguments, `depth` levels (as deep as the types go). */
function deepSelection(type: GraphQLNamedType, depth: number, r: Random): string {
  if (depth <= 0 || !(isObjectType(type) || isInterfaceType(type))) return '__typename';
  const fields = Object.values(type.getFields()).filter((f) => {
    const named = getNamedType(f.type);
    return (isObjectType(named) || isInterfaceType(named)) && !f.args.some((a) => isNonNullType(a.type));
  });
  if (!fields.length) return '__typename';
  const field = r.pick(fields);
  return `__typename ${field.name} { ${deepSelection(getNamedType(field.type), depth - 1, r)} }`;
}

function selectionOf(operation: SurfaceOperation): string {
  const named = getNamedType(operation.definition.type);
  return isObjectType(named) || isInterfaceType(named) || isUnionType(named) ? '{ __typename }' : '';
}

/** Whether the server would run the resolver: the document is valid and the variables coerce. */
function wouldRun(schema: GraphQLSchema, draft: Draft): boolean {
  if (draft.raw || draft.method === 'GET') return false;
  try {
    const document = parse(draft.document);
    if (validateDocument(schema, document).length) return false;
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    if (!operation) return false;
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], cloneJson(draft.variables) ?? {});
    return !coerced.errors?.length;
  } catch {
    return false;
  }
}

/** An id that is not a UUID anywhere in the variables: the resolvers refuse those before touching anything. */
function holdsBadId(slots: Slot[], variables: Record<string, unknown>): boolean {
  const at = (path: Path) => path.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), variables);
  return slots.some((slot) => {
    if (!isIdType(slot.type) || isListType(isNonNullType(slot.type) ? slot.type.ofType : slot.type)) return false;
    const parentPath = slot.path.slice(0, -1);
    const last = slot.path[slot.path.length - 1];
    // List items: every item of the list, not only the first.
    const values = typeof last === 'number' ? ([] as unknown[]).concat(at(parentPath) ?? []) : [at(slot.path)];
    return values.some((v) => typeof v === 'string' && !isUuid(v));
  });
}

export function graphqlCases(operation: SurfaceOperation, options: GraphqlFuzzOptions): FuzzCase[] {
  const { schema } = options;
  const rnd = options.rnd.fork(`graphql ${operation.type}.${operation.field}`);
  const label = `graphql ${operation.type}.${operation.field}`;
  const args = operation.definition.args;
  const slots = args.flatMap((arg) => slotsOf(arg.type, [arg.name], arg.name));
  const keyword = operation.type === 'Mutation' ? 'mutation' : 'query';
  const definitions = args.length ? `(${args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')})` : '';
  const uses = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const documentWith = (selection = selectionOf(operation), extraArgs = '') =>
    `${keyword} Fuzz${definitions} { ${operation.field}${uses || extraArgs ? `(${[uses.slice(1, -1), extraArgs].filter(Boolean).join(', ')})` : ''} ${selection} }`;
  const cases: FuzzCase[] = [];

  const fresh = (r: Random): Draft => ({
    document: documentWith(),
    variables: Object.fromEntries(args.map((a) => [a.name, baseInput(a.type, a.name, r)])),
    input: [],
    language: r.pick(languages),
  });

  const anchor = (d: Draft) => {
    const objectArg = args.find((a) => isInputObjectType(getNamedType(a.type)));
    const value = objectArg ? d.variables[objectArg.name] : undefined;
    if (objectArg && value && typeof value === 'object' && !Array.isArray(value)) {
      (value as Record<string, unknown>).fuzzUnknown = 1;
      d.input.push(`+ ${objectArg.name}.fuzzUnknown`);
    } else {
      d.document = d.document.replace(/\{ __typename \}\s*\}$/, '{ __typename fuzzUnknownField } }');
      d.input.push('+ unknown field');
    }
  };

  const makeRequest = (d: Draft): FuzzRequest => {
    const headers = clientHeaders(d.language);
    const path = `/api/graphql${d.query ? `?${d.query}` : ''}`;
    if (d.method === 'GET') {
      const search = new URLSearchParams({ query: d.document, variables: JSON.stringify(d.variables) }).toString();
      return { method: 'GET', path: `/api/graphql?${search}`, headers };
    }
    if (d.raw) {
      if (d.raw.contentType) headers['content-type'] = d.raw.contentType;
      return { method: 'POST', path, headers, body: d.raw.bytes, chunked: d.noLength };
    }
    headers['content-type'] = 'application/json';
    return { method: 'POST', path, headers, body: jsonBytes({ query: d.document, variables: d.variables }, d.hole), chunked: d.noLength };
  };

  /** `refusedByCore`: a text argument holds a forbidden character, which the core refuses before any resolver: no anchor. */
  const add = (kind: FuzzKind, build: Build, opts: { anonymous?: boolean; refusedByCore?: boolean } = {}) => {
    const seed = rnd.int(2 ** 32);
    const actor = opts.anonymous ? null : options.actorFor(operation, rnd);
    const draftFor = (anchored: boolean) => {
      const d = fresh(new Random(seed));
      build(new Random(seed ^ 0x68e31da4), d);
      if (anchored) anchor(d);
      return d;
    };
    let anchored = false;
    if (operation.type === 'Mutation' && !opts.refusedByCore) {
      const first = draftFor(false);
      if (wouldRun(schema, first) && !holdsBadId(slots, first.variables)) {
        anchored = true;
        const second = draftFor(true);
        if (wouldRun(schema, second) && !holdsBadId(slots, second.variables)) return;
      }
    }
    const draft = draftFor(anchored);
    const built = makeRequest(draft);
    // Small requests are kept as built; big ones are built again when sent, so they exist only in flight.
    const kept = (built.body?.length ?? 0) <= keptBodyBytes ? built : null;
    cases.push({
      id: -1, kind, target: label, actor, input: draft.input.join(' ') || '(base)', last: false,
      request: () => {
        const request = kept ?? makeRequest(draftFor(anchored));
        return { ...request, headers: { ...request.headers } };
      },
    });
  };

  const setSlot = (d: Draft, slot: Slot, value: unknown, text = shortText(value, 40)) => {
    setAt(d.variables, slot.path, value);
    d.input.push(`${pathText(slot.path)} ← ${text}`);
  };
  const innerOf = (type: GraphQLInputType) => (isNonNullType(type) ? type.ofType : type);
  const isList = (s: Slot) => isListType(innerOf(s.type));
  const scalarSlots = slots.filter((s) => !isList(s) && !isInputObjectType(innerOf(s.type)));

  for (const slot of rnd.sample(slots.filter((s) => typeof s.path[s.path.length - 1] !== 'number'), 4)) {
    add('wrong-type', (r, d) => setSlot(d, slot, wrongValue(slot.type, r)));
  }
  for (const slot of rnd.sample(slots.filter((s) => isNonNullType(s.type) && typeof s.path[s.path.length - 1] !== 'number'), 2)) {
    add('missing-field', (r, d) => {
      if (slot.path.length === 1 && r.chance(0.5)) setSlot(d, slot, null, 'null');
      else {
        setAt(d.variables, slot.path, undefined, true);
        d.input.push(`${pathText(slot.path)} missing`);
      }
    });
  }
  const objectSlots = slots.filter((s) => isInputObjectType(innerOf(s.type)) && typeof s.path[s.path.length - 1] !== 'number');
  if (objectSlots.length) {
    add('extra-fields', (r, d) => {
      const slot = r.pick(objectSlots);
      setSlot(d, { ...slot, path: [...slot.path, r.pick(['fuzzUnknown', 'id', 'createdAt', '__proto__', 'readOnly'])] }, r.pick([1, 'x', { polluted: true }]));
    });
  }
  add('extra-fields', (r, d) => {
    d.document = documentWith(selectionOf(operation), `fuzzUnknownArg: ${r.pick(['1', '"x"', '{ a: 1 }'])}`);
    d.input.push('unknown argument');
  });
  const idSlots = scalarSlots.filter((s) => isIdType(s.type));
  for (let i = 0; i < Math.min(3, idSlots.length * 2); i += 1) {
    add('non-uuid', (r, d) => setSlot(d, r.pick(idSlots), r.pick(nonUuids)));
  }
  const listSlots = slots.filter(isList);
  if (listSlots.length) {
    add('huge-array', (r, d) => {
      const slot = r.pick(listSlots);
      const inner = innerOf(slot.type);
      const item = isListType(inner) && isIdType(inner.ofType) && r.chance(0.5) ? null : baseInput(isListType(inner) ? inner.ofType : inner, slot.name, r);
      const items = Array.from({ length: hugeArrayLength }, (_, i) => (item === null ? (i % 2 ? r.uuid() : r.pick(nonUuids)) : cloneJson(item)));
      setSlot(d, slot, items, `<${hugeArrayLength} items>`);
    });
  }
  const stringSlots = scalarSlots.filter((s) => getNamedType(s.type).name === 'String');
  add('huge-string', (r, d) => {
    if (stringSlots.length) setSlot(d, r.pick(stringSlots), hugeString(r.pick(['Ab9 ', 'é'])), '<100,000 chars>');
    else {
      d.document = `${d.document} # ${hugeString()}`;
      d.input.push('a comment of 100,000 chars');
    }
  });
  const enumSlots = scalarSlots.filter((s) => isEnumType(innerOf(s.type)) || /status|typology|type|audience|kind|remote|granted/i.test(s.name));
  for (const slot of rnd.sample(enumSlots, 2)) {
    add('unknown-enum', (r, d) => setSlot(d, slot, r.pick(['NOT_A_CHOICE', 'inconnu', 'ADMIN', ''])));
  }
  const dateSlots = scalarSlots.filter((s) => (getNamedType(s.type).name === 'String' && (looksLikeDate(s.name) || looksLikeTime(s.name))) || /year/i.test(s.name));
  for (const slot of rnd.sample(dateSlots, 2)) {
    add('bad-date', (r, d) => setSlot(d, slot, /year/i.test(slot.name) ? r.pick([99_999, -1, 0, 2 ** 31 - 1]) : looksLikeTime(slot.name) && !/date/i.test(slot.name) ? r.pick(badTimes) : r.pick(badDates)));
  }
  add('deep-selection', (_r, d) => {
    let nested = '__typename';
    for (let i = 0; i < deepNestingLevels; i += 1) nested = `a { ${nested} }`;
    d.document = documentWith(`{ ${nested} }`);
    d.input.push(`selection ${deepNestingLevels} levels deep`);
  });
  add('deep-selection', (r, d) => {
    d.document = documentWith(`{ ${deepSelection(getNamedType(operation.definition.type), 14, r)} }`);
    d.input.push('selection through the types, 14 levels');
  });
  add('deep-nesting', (r, d) => {
    const slot = slots.length ? r.pick(slots.filter((s) => typeof s.path[s.path.length - 1] !== 'number')) : null;
    if (slot) setSlot(d, slot, deeplyNested(deepNestingLevels, r.chance(0.5) ? 'object' : 'array'), `<${deepNestingLevels} levels>`);
    else {
      d.variables = { deep: deeplyNested() };
      d.input.push(`variables <${deepNestingLevels} levels>`);
    }
  });
  add('invalid-utf8', (r, d) => {
    d.hole = r.pick(invalidUtf8);
    if (scalarSlots.length) setSlot(d, r.pick(scalarSlots), `a${utf8Hole}`, '<invalid UTF-8>');
    else {
      d.variables = { ...d.variables, [utf8Hole]: 1 };
      d.input.push('variable name with invalid UTF-8');
    }
  });
  add('content-type', (r, d) => {
    const body = jsonBytes({ query: d.document, variables: d.variables });
    const variant = r.int(5);
    if (variant === 0) d.raw = { bytes: body, contentType: 'text/plain' };
    else if (variant === 1) d.raw = { bytes: Buffer.from(`query=${encodeURIComponent(d.document)}`), contentType: 'application/x-www-form-urlencoded' };
    else if (variant === 2) d.raw = { bytes: multipartBody([{ name: 'operations', value: body.toString() }, { name: 'map', value: '{}' }], 'fuzzgql'), contentType: 'multipart/form-data; boundary=fuzzgql' };
    else if (variant === 3) d.raw = { bytes: body };
    else d.method = 'GET';
    d.input.push(['text/plain', 'urlencoded', 'multipart', 'no content type', 'GET'][variant]!);
  });
  add('malformed-json', (r, d) => {
    const text = r.pick(malformedJson);
    d.raw = { bytes: Buffer.from(text), contentType: 'application/json' };
    d.input.push(shortText(text, 40));
  });
  add('graphql-document', (r, d) => {
    const variant = r.int(8);
    const labels = ['syntax error', 'unknown field', 'unknown operation name', 'batched', 'query not a string', 'fragment cycle', 'many aliases', 'bad directive'];
    if (variant === 0) d.document = `${d.document.slice(0, -3)} {`;
    else if (variant === 1) d.document = documentWith('{ __typename fuzzUnknownField }');
    else if (variant === 2) d.raw = { bytes: jsonBytes({ query: d.document, variables: d.variables, operationName: 'Nope' }), contentType: 'application/json' };
    else if (variant === 3) d.raw = { bytes: jsonBytes([{ query: d.document, variables: d.variables }, { query: d.document }]), contentType: 'application/json' };
    else if (variant === 4) d.raw = { bytes: jsonBytes({ query: r.pick([42, null, ['x'], { a: 1 }]), variables: r.pick(['x', [1], 42]) }), contentType: 'application/json' };
    else if (variant === 5) d.document = `${d.document} fragment A on Query { ...B } fragment B on Query { ...A }`;
    else if (variant === 6) d.document = `${keyword} Fuzz${definitions} { ${Array.from({ length: 40 }, (_, i) => `a${i}: ${operation.field}${uses} ${selectionOf(operation)}`).join(' ')} }`;
    else d.document = documentWith(`${selectionOf(operation).replace('{ __typename }', '{ __typename @skip(if: "yes") }')}`);
    d.input.push(labels[variant]!);
  });
  add('read-only', (r, d) => {
    d.query = 'readOnly=2';
    d.variables.readOnly = 2;
    const slot = scalarSlots.length ? r.pick(scalarSlots) : null;
    if (slot) setSlot(d, slot, wrongValue(slot.type, r));
    d.input.push('?readOnly=2, variable readOnly=2');
  });
  if (operation.permission !== 'public') {
    add('wrong-type', (r, d) => {
      const slot = slots.length ? r.pick(slots) : null;
      if (slot) setSlot(d, slot, wrongValue(slot.type, r));
      d.input.push('anonymous');
    }, { anonymous: true });
  }
  // Texts no argument may hold (NUL, other controls, lone surrogates, direction overrides), in a variable or, escaped,
  // in the document itself; and a list one item over the core's 1,000.
  const textSlots = scalarSlots.filter((s) => ['String', 'ID'].includes(getNamedType(s.type).name));
  if (textSlots.length) {
    add('control-chars', (r, d) => {
      for (const [i, slot] of r.sample(textSlots, 2).entries()) {
        const text = r.pick(i === 0 ? nulTexts : forbiddenTexts);
        setSlot(d, slot, text, shortText(JSON.stringify(text), 30));
      }
    }, { refusedByCore: true });
    const topText = textSlots.filter((s) => s.path.length === 1);
    if (topText.length) {
      add('control-chars', (r, d) => {
        const slot = r.pick(topText);
        const literal = JSON.stringify(r.pick(nulTexts.filter((text) => !/[\ud800-\udfff]/.test(text))));
        const others = args.filter((a) => a.name !== slot.name);
        const definitionsLeft = others.length ? `(${others.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')})` : '';
        const fieldArgs = args.map((a) => (a.name === slot.name ? `${a.name}: ${literal}` : `${a.name}: $${a.name}`)).join(', ');
        d.document = `${keyword} Fuzz${definitionsLeft} { ${operation.field}(${fieldArgs}) ${selectionOf(operation)} }`;
        delete d.variables[slot.name];
        d.input.push(`${slot.name}: ${shortText(literal, 30)} in the document`);
      }, { refusedByCore: true });
    }
  }
  if (listSlots.length) {
    add('huge-array', (r, d) => {
      const slot = r.pick(listSlots);
      const inner = innerOf(slot.type);
      const item = baseInput(isListType(inner) ? inner.ofType : inner, slot.name, r);
      setSlot(d, slot, Array.from({ length: 1001 }, () => cloneJson(item)), '<1,001 items>');
    });
  }
  return cases;
}


/** GraphQL bodies at the transport: over 5 MB, and of unknown length. */
export function graphqlBigBodies(actor: string): FuzzCase[] {
  const request = (chunked: boolean): FuzzRequest => ({
    method: 'POST', path: '/api/graphql', chunked,
    headers: clientHeaders('fr', { 'content-type': 'application/json' }),
    body: jsonBytes({ query: `{ IsLogged { isLogged } } #${'x'.repeat(5 * 1024 * 1024 + 1024)}` }),
  });
  return [
    { id: -1, kind: 'big-body', target: 'graphql (transport)', actor, input: '5 MB+ document', last: false, request: () => request(false) },
    { id: -1, kind: 'big-body', target: 'graphql (transport)', actor, input: '5 MB+ document, chunked (no length)', last: false, request: () => request(true) },
  ];
}
