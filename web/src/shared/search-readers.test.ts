import { describe, expect, it } from 'vitest';
import { searchChoice, searchDay, searchId, searchIds, searchText } from './queries';

const id = '0b7f5c1e-6a7d-4c5e-9f41-2d3c4b5a6978';

// A hand-edited or old URL never breaks a page: what a reader refuses reads as its default.
describe('search readers', () => {
  it('reads what they accept', () => {
    expect(searchText('Girard')).toBe('Girard');
    expect(searchText(12)).toBe('12');
    expect(searchId(id)).toBe(id);
    expect(searchIds(`${id},${id}`)).toEqual([id, id]);
    expect(searchDay('2026-11-30')).toBe('2026-11-30');
    expect(searchChoice(['pending', 'done'] as const, 'pending')('done')).toBe('done');
  });

  it('falls back to the default on anything else, without throwing', () => {
    for (const raw of [undefined, null, 42, {}, ['x'], 'not-an-id', '2026-13', '<script>']) {
      expect(searchId(raw)).toBeNull();
      expect(searchDay(raw)).toBe('');
      expect(searchChoice(['pending', 'done'] as const, 'pending')(raw)).toBe('pending');
    }
    expect(searchIds(['x', id, 7])).toEqual([id]);
    expect(searchText({ a: 1 })).toBe('');
    expect(searchText('x'.repeat(500))).toHaveLength(200);
  });
});
