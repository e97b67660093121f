import { describe, expect, it } from 'vitest';
import { formatCompanyOption, formatPersonOption } from './options';

describe('option formatters', () => {
  it("shows a person as 'lastName firstName'", () => {
    expect(formatPersonOption({ firstName: 'Jean', lastName: 'Dupont' })).toBe('Dupont Jean');
  });
  it("shows a company as 'name - siret', short name first", () => {
    expect(formatCompanyOption({ name: 'Société Générale', shortName: 'SG', siret: '55212022200013' })).toBe('SG - 55212022200013');
    expect(formatCompanyOption({ name: 'ACME', shortName: null, siret: '1' })).toBe('ACME - 1');
  });
});
