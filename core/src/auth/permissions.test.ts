import { describe, expect, it } from 'vitest';
import { AccessDeniedError, NotLoggedInError } from '../errors.js';
import { PermissionMatrix, spaceOf } from './permissions.js';
import type { Actor, Typology } from './types.js';

const paris = '00000000-0000-4000-8000-000000000001';
const lyon = '00000000-0000-4000-8000-000000000002';
const actor = (...rules: [Typology, string][]): Actor => ({
  id: 'a', firstName: 'A', lastName: 'B', email: 'a@b.c', language: null,
  rules: rules.map(([typology, campusId]) => ({ typology, campusId, campusName: campusId === paris ? 'Paris' : 'Lyon' })),
});

function matrix() {
  const m = new PermissionMatrix();
  m.add('planning', [
    { id: 'planning.lesson.read', kind: 'read', typologies: ['pedagogy', 'read-only', 'campus-manager'] },
    { id: 'planning.lesson.update', kind: 'change', typologies: ['pedagogy', 'campus-manager'] },
  ]);
  return m;
}

describe('PermissionMatrix', () => {
  it('grants a permission only on the campuses of the matching rules', () => {
    const m = matrix();
    const manager = actor(['campus-manager', lyon]);
    expect(m.isGranted(manager, 'planning.lesson.update', lyon)).toBe(true);
    expect(m.isGranted(manager, 'planning.lesson.update', paris)).toBe(false);
    expect(m.campusesFor(manager, 'planning.lesson.update')).toEqual([lyon]);
  });

  it('lets read-only read but never change', () => {
    const m = matrix();
    const reader = actor(['read-only', paris]);
    expect(m.isGranted(reader, 'planning.lesson.read', paris)).toBe(true);
    expect(m.isGranted(reader, 'planning.lesson.update', paris)).toBe(false);
  });

  it('refuses a declaration that would let read-only change data', () => {
    const m = new PermissionMatrix();
    expect(() => m.add('files', [{ id: 'files.file.delete', kind: 'change', typologies: ['read-only'] }])).toThrow('cannot be granted to read-only');
  });

  it('keeps each module to its own namespace and refuses duplicates', () => {
    const m = matrix();
    expect(() => m.add('people', [{ id: 'planning.other', kind: 'read', typologies: [] }])).toThrow('must start with "people."');
    expect(() => m.add('planning', [{ id: 'planning.lesson.read', kind: 'read', typologies: [] }])).toThrow('declared twice');
  });

  it('answers SPEC errors: not logged in, then Access Denied.', () => {
    const m = matrix();
    expect(() => m.assert(null, 'planning.lesson.read')).toThrow(NotLoggedInError);
    expect(() => m.assert(actor(['student', paris]), 'planning.lesson.read')).toThrow(AccessDeniedError);
    expect(() => m.assert(actor(['student', paris]), 'planning.lesson.read')).toThrow('Access Denied.');
  });

  it('lands each actor in one space, staff first', () => {
    expect(spaceOf(actor(['teacher', paris], ['pedagogy', lyon]))).toBe('staff');
    expect(spaceOf(actor(['trainer', paris]))).toBe('teacher');
    expect(spaceOf(actor(['student', paris]))).toBe('student');
    expect(spaceOf(actor(['corporation-contact', paris]))).toBe('corporation');
    expect(spaceOf(actor())).toBeNull();
  });
});
