import { describe, expect, it } from 'vitest';
import { isStorageKey, newStorageKey } from './keys.js';

describe('storage keys', () => {
  it('are YYYY/MM/<uuid> of the UTC month, different each time', () => {
    const key = newStorageKey(new Date('2026-11-30T23:30:00-02:00'));
    expect(key).toMatch(/^2026\/12\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newStorageKey()).not.toBe(newStorageKey());
    expect(isStorageKey(key)).toBe(true);
  });

  it('are recognised only in that shape', () => {
    for (const key of ['', '../etc/passwd', '2026/11/../../x', '2026/11/not-a-uuid', '/2026/11/00000000-0000-4000-8000-000000000000', 'report.pdf']) {
      expect(isStorageKey(key)).toBe(false);
    }
  });
});
