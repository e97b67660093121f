import { describe, expect, it } from 'vitest';
import { blurWithSuggestionsOpen, changeBirthCountry, hasCitySuggestions, shouldLookUpCity } from './birthplace.js';

const lyon = { birthCountry: 'FR', birthplace: 'Lyon', birthCityCode: '69123' };

describe('birth place rules (SPEC §4, §5)', () => {
  it('suggests cities only for FR, TR, PF and GF', () => {
    for (const country of ['FR', 'TR', 'PF', 'GF', 'fr']) expect(hasCitySuggestions(country)).toBe(true);
    for (const country of ['BE', 'DE', 'MA', '', null]) expect(hasCitySuggestions(country)).toBe(false);
  });

  it('looks up from 3 characters', () => {
    expect(shouldLookUpCity('FR', 'Ly')).toBe(false);
    expect(shouldLookUpCity('FR', ' Ly ')).toBe(false);
    expect(shouldLookUpCity('FR', 'Lyo')).toBe(true);
    expect(shouldLookUpCity('BE', 'Bruxelles')).toBe(false);
  });

  it('clears the city code and the birth place when the country becomes an unlisted one', () => {
    expect(changeBirthCountry(lyon, 'BE')).toEqual({ birthCountry: 'BE', birthplace: '', birthCityCode: null });
    expect(changeBirthCountry(lyon, null)).toEqual({ birthCountry: null, birthplace: '', birthCityCode: null });
    expect(changeBirthCountry(lyon, 'GF')).toEqual({ ...lyon, birthCountry: 'GF' });
  });

  it('marks the field invalid when the user clicks away with suggestions open', () => {
    expect(blurWithSuggestionsOpen(true, { ...lyon, birthplace: 'Lyo' })).toEqual({ invalid: true, fields: { birthCountry: 'FR', birthplace: 'Lyo', birthCityCode: null } });
    expect(blurWithSuggestionsOpen(false, lyon)).toEqual({ invalid: false, fields: lyon });
    expect(blurWithSuggestionsOpen(true, { birthCountry: 'BE', birthplace: 'Liège', birthCityCode: null }).invalid).toBe(false);
  });
});
