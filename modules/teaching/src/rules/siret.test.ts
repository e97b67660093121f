import { describe, expect, it } from 'vitest';
import { isValidSiret } from './siret.js';

describe('SIRET validity', () => {
  it('accepts 14 digits with a valid key, written with spaces or dashes', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(isValidSiret('732-829-320-00074')).toBe(true);
  });

  it('refuses a wrong key, a wrong length and letters', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('732829320000741')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
    expect(isValidSiret('')).toBe(false);
  });

  it("follows La Poste's own rule for its SIREN", () => {
    // The head office passes the usual key; other establishments only La Poste's digit sum.
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000000011')).toBe(false);
  });
});
