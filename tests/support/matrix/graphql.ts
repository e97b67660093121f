import crypto from 'node:crypto';
// The schema's types come from the core's copy of graphql, which may be another module instance than this file's:
// its type predicates (instanceof) would refuse them, so types are told apart by their tag and wrappers.
interface GqlType {
  ofType?: GqlType;
  name?: string;
  getFields?: () => Record<string, { name: string; type: GqlType; args?: { type: GqlType }[] }>;
  getValues?: () => { value: unknown }[];
}
const tag = (type: GqlType) => Object.prototype.toString.call(type).slice(8, -1);
const isNonNullType = (type: GqlType) => tag(type) === 'GraphQLNonNull';
const isListType = (type: GqlType) => tag(type) === 'GraphQLList';
const getNamedType = (type: GqlType): GqlType => (type.ofType ? getNamedType(type.ofType) : type);
const isObjectType = (type: GqlType) => tag(type) === 'GraphQLObjectType';
const isInputObjectType = (type: GqlType) => tag(type) === 'GraphQLInputObjectType';
const isEnumType = (type: GqlType) => tag(type) === 'GraphQLEnumType';
const isScalarType = (type: GqlType) => tag(type) === 'GraphQLScalarType';

import type { MatrixActor } from './actors.js';
import type { SurfaceOperation } from '../surface.js';
import { textCandidates } from './bodies.js';
import { argumentKind, filledOptionalArguments, inputKind, plainArgument } from './params.js';
import { pickFor, type Records, type Scope } from './records.js';

/** Scalar fields of a type, and its object fields' to depth 2 (fields needing arguments left out). */
function selection(type: GqlType, depth: number): string {
  if (!isObjectType(type)) return '';
  const parts: string[] = [];
  for (const field of Object.values(type.getFields!())) {
    if ((field.args ?? []).some((arg) => isNonNullType(arg.type))) continue;
    const named = getNamedType(field.type);
    if (isScalarType(named) || isEnumType(named)) parts.push(field.name);
    else if (isObjectType(named) && depth < 2) parts.push(`${field.name} ${selection(named, depth + 1)}`);
  }
  return `{ ${parts.length ? parts.join(' ') : '__typename'} }`;
}

const isList = (type: GqlType): boolean => (isNonNullType(type) ? isList(type.ofType!) : isListType(type));

/** One document per field: every argument a variable of its declared type, the result's fields to depth 2. */
export function document(operation: SurfaceOperation): { text: string; listResult: boolean } {
  const field = operation.definition as unknown as { name: string; type: GqlType; args: { name: string; type: GqlType }[] };
  const declared = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const keyword = operation.type === 'Query' ? 'query' : 'mutation';
  const text = `${keyword} Matrix${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection(getNamedType(field.type), 1)} }`;
  return { text, listResult: isList(field.type) };
}

interface Filled {
  values: Record<string, unknown>;
  reachable: boolean;
  personal: boolean;
  /** A record of the other side is named (else the other-campus cell would repeat the own one). */
  scoped: boolean;
  /** The records named are list filters (campus lists, id lists): another side's values list nothing of theirs. */
  listFilters: boolean;
}

type Chosen = { id: string; reachable: boolean; shared: boolean } | null;

/**
 * A mutation's input: its required fields, ids naming records by the input rules (the actor's own for its own
 * cell, except `id`, the record changed, which names nothing; the other side's otherwise), text empty, numbers 0,
 * so that validation (or a record not found) stops it. Optional fields naming records are filled too.
 */
function inputValue(type: GqlType, mutation: string, name: string, choose: (kind: string, changed: boolean) => Chosen, own: boolean, state: { scoped: boolean }): unknown {
  if (isNonNullType(type)) return inputValue(type.ofType!, mutation, name, choose, own, state);
  const kind = inputKind(mutation, name);
  if (isListType(type)) {
    const item = kind ? inputValue(type.ofType!, mutation, name, choose, own, state) : undefined;
    return item === undefined ? [] : [item];
  }
  const named = getNamedType(type);
  if (isInputObjectType(named)) {
    const object: Record<string, unknown> = {};
    for (const field of Object.values(named.getFields!())) {
      // Another side's input fills every field (its service's validation asks for more than the schema's types).
      const needed = isNonNullType(field.type) || !!inputKind(mutation, field.name) || !own;
      if (!needed) continue;
      const value = inputValue(field.type, mutation, field.name, choose, own, state);
      if (value !== undefined) object[field.name] = value;
    }
    return object;
  }
  if (kind) {
    const chosen = choose(kind, name === 'id');
    if (chosen && !chosen.shared && !own) state.scoped = true;
    return chosen?.id ?? crypto.randomUUID();
  }
  if (isEnumType(named)) return named.getValues!()[0]?.value;
  // The actor's own side: empty text and zeros, which validation refuses; another side's: plausible values, so that
  // the records named are what refuses it.
  switch (named.name) {
    case 'ID': return crypto.randomUUID();
    case 'Int': case 'Float': return own ? 0 : 1;
    case 'Boolean': return false;
    default: return own ? '' : textCandidates(name)[0];
  }
}

/** The variables of a field's document for an actor and scope; null when a required argument names no record there. */
export function variables(operation: SurfaceOperation, records: Records, actor: MatrixActor | null, scope: Scope, homeCampus: string): Filled | { missing: string } {
  const values: Record<string, unknown> = {};
  let reachable = true;
  const state = { scoped: false };
  const own = scope === 'own';
  const choose = (kind: string, changed: boolean): Chosen => {
    // The record a mutation changes names nothing on the actor's own side: a holder's cell must not change it.
    if (operation.type === 'Mutation' && own && changed) return null;
    const chosen = pickFor(records, kind, actor, scope, homeCampus);
    return chosen ? { id: String(chosen.row.id), reachable: chosen.reachable, shared: chosen.shared } : null;
  };
  let personal = false;
  let listFilters = true;
  for (const arg of (operation.definition as unknown as { args: { name: string; type: GqlType }[] }).args) {
    const required = isNonNullType(arg.type);
    if (isInputObjectType(getNamedType(arg.type))) {
      values[arg.name] = inputValue(arg.type, operation.field, arg.name, choose, own, state);
      continue;
    }
    const kind = argumentKind(operation.field, arg.name);
    if (kind && (required || filledOptionalArguments.has(arg.name))) {
      // A mutation's record (cancelOperation's id) names nothing on the actor's own side.
      if (operation.type === 'Mutation' && own && arg.name === 'id') {
        values[arg.name] = crypto.randomUUID();
        continue;
      }
      const chosen = pickFor(records, kind, actor, scope, homeCampus);
      if (!chosen) {
        if (required) return { missing: kind };
        continue;
      }
      reachable &&= chosen.reachable;
      personal ||= chosen.personal;
      if (!chosen.shared) {
        state.scoped = true;
        if (!isList(arg.type) && kind !== 'campus') listFilters = false;
      }
      values[arg.name] = isList(arg.type) ? [chosen.row.id] : chosen.row.id;
      continue;
    }
    const plain = plainArgument(operation.field, arg.name);
    if (plain !== undefined && (required || !kind)) values[arg.name] = plain;
    else if (required) throw new Error(`authorization matrix: no rule gives ${operation.type}.${operation.field}(${arg.name}) (tests/support/matrix/params.ts)`);
  }
  return { values, reachable, personal, scoped: state.scoped, listFilters };
}
