import { describe, expect, it } from 'vitest';
import { isoTexts } from '../support/walk/iso-text.js';

describe("the page walk's ISO text check", () => {
  it('finds ISO dates and date-times', () => {
    expect(isoTexts('Créé le 2026-11-28 22:26:58 par Lucas')).toEqual(['2026-11-28 22:26:58']);
    expect(isoTexts('at 2026-11-28T22:26:58.123Z, due 2026-12-01.')).toEqual(['2026-11-28T22:26:58.123Z', '2026-12-01']);
    expect(isoTexts('2027-02-01 → 2027-02-15')).toEqual(['2027-02-01', '2027-02-15']);
    expect(isoTexts('2026-11-28T23:26+01:00')).toEqual(['2026-11-28T23:26+01:00']);
  });

  it('leaves the ways a person reads them, and other numbers, alone', () => {
    expect(isoTexts('28/11/2026 23:26 · 1er décembre · 13,5 · 99,1 %')).toEqual([]);
    expect(isoTexts('SIRET 12345678901234, tél. 01-23-45-67-89, 2026-2027, file 2026-11-28-report')).toEqual([]);
  });
});
