import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.js';
import { assertIdArgs, idListParam, idParam, requiredIdParam } from './ids.js';

const t = ((key: string, values?: { value?: string }) => (values?.value !== undefined ? `${key}:${values.value}` : key)) as never;
const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const violations = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.violations;
    throw error;
  }
  return [];
};

describe('ids a client sends', () => {
  it('reads an optional query id: absent is null, one UUID is itself, anything else a violation on its name', () => {
    expect(idParam(undefined, 'teacher', t)).toBeNull();
    expect(idParam('', 'teacher', t)).toBeNull();
    expect(idParam(id, 'teacher', t)).toBe(id);
    expect(violations(() => idParam('42', 'teacher', t))).toEqual([{ path: 'teacher', message: 'errors.invalidId:42' }]);
    expect(violations(() => idParam([id, id], 'teacher', t))).toEqual([{ path: 'teacher', message: `errors.invalidId:${id},${id}` }]);
  });

  it('requires a query id when asked', () => {
    expect(requiredIdParam(id, 'campus', t)).toBe(id);
    expect(violations(() => requiredIdParam(undefined, 'campus', t))).toEqual([{ path: 'campus', message: 'validation.required' }]);
  });

  it('reads repeated or comma separated ids, naming the first bad one', () => {
    expect(idListParam(undefined, 'campus', t)).toBeNull();
    expect(idListParam([id, id], 'campus', t)).toEqual([id, id]);
    expect(idListParam(`${id}, ${id}`, 'campus', t)).toEqual([id, id]);
    expect(violations(() => idListParam(`${id},paris`, 'campus', t))).toEqual([{ path: 'campus', message: 'errors.invalidId:paris' }]);
  });

  it('checks GraphQL arguments by name, lists included, absent ones left to the schema', () => {
    expect(violations(() => assertIdArgs(t, { campusList: [id, 'lyon'], actorId: 'x', other: null }))).toEqual([
      { path: 'campusList', message: 'errors.invalidId:lyon' },
      { path: 'actorId', message: 'errors.invalidId:x' },
    ]);
    expect(violations(() => assertIdArgs(t, { campusList: [id] }))).toEqual([]);
  });
});
