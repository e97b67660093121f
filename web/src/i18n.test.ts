import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from './i18n';

// The e2e page walk fails on console errors: a key the catalogue lacks must reach the console.
describe('missing translations', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are reported on the console and shown as their key; an intended default value is not', async () => {
    await i18nReady;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(i18n.t('layout.logout')).not.toBe('layout.logout');
    expect(errors).not.toHaveBeenCalled();
    expect(i18n.t('layout.noSuchKey')).toBe('layout.noSuchKey');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Missing translation: layout.noSuchKey'));
    errors.mockClear();
    expect(i18n.t('operations.kinds.someRun', { defaultValue: 'someRun' })).toBe('someRun');
    expect(errors).not.toHaveBeenCalled();
  });
});
