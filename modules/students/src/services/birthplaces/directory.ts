import type { CitySuggestion } from '../../rules/birthplace.js';

export type { CitySuggestion };

/**
 * Where birth-place suggestions come from: one interface, two implementations (offline French communes,
 * the public French address search API). Both answer INSEE codes, so a code saved from one is valid for the other.
 */
export interface CityDirectory {
  readonly source: 'communes' | 'address-api';
  /** Cities of that country of birth matching the text (callers check the country and the 3 characters). */
  search(country: string, text: string, limit?: number): Promise<CitySuggestion[]>;
}

export const DEFAULT_LIMIT = 10;

/** French Guiana and French Polynesia are French communes with their own country code (INSEE 973…, 987…). */
export function isCityOfCountry(country: string, cityCode: string): boolean {
  switch (country.toUpperCase()) {
    case 'GF':
      return cityCode.startsWith('973');
    case 'PF':
      return cityCode.startsWith('987');
    default:
      // FR (and TR, which SPEC §4 lists too) search the whole French directory, as the address API does.
      return true;
  }
}

/** Lower case, no accents, dashes and apostrophes as spaces: "Saint-Étienne" ~ "saint etienne". */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-'’\s]+/g, ' ')
    .trim();
}
