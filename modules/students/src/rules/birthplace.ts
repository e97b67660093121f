/** SPEC §4/§9: birth place suggestions exist only for these countries of birth. */
export const BIRTHPLACE_LOOKUP_COUNTRIES = ['FR', 'TR', 'PF', 'GF'] as const;
/** SPEC §5/§9: the city lookup starts at 3 characters, 600 ms after the last keystroke. */
export const CITY_SEARCH_MIN_CHARS = 3;
export const CITY_SEARCH_DEBOUNCE_MS = 600;

/** INSEE commune codes: 5 characters, Corsica's departments being 2A and 2B. */
export const CITY_CODE_PATTERN = /^(\d{2}|2A|2B)\d{3}$/;

export function hasCitySuggestions(country: string | null | undefined): boolean {
  return !!country && (BIRTHPLACE_LOOKUP_COUNTRIES as readonly string[]).includes(country.toUpperCase());
}

/** Whether a birth place text should be looked up: a listed country and 3 characters or more. */
export function shouldLookUpCity(country: string | null | undefined, text: string): boolean {
  return hasCitySuggestions(country) && text.trim().length >= CITY_SEARCH_MIN_CHARS;
}

export interface BirthplaceFields {
  birthCountry: string | null;
  birthplace: string;
  birthCityCode: string | null;
}

/** SPEC §5: changing the country to an unlisted one clears the city code and the birth place. */
export function changeBirthCountry(current: BirthplaceFields, country: string | null): BirthplaceFields {
  if (hasCitySuggestions(country)) return { ...current, birthCountry: country };
  return { birthCountry: country, birthplace: '', birthCityCode: null };
}

/**
 * SPEC §5: clicking elsewhere while suggestions are open leaves no city chosen: the typed text alone is
 * not a city, so the field is marked invalid with a warning to pick one.
 */
export function blurWithSuggestionsOpen(suggestionsOpen: boolean, fields: BirthplaceFields): { invalid: boolean; fields: BirthplaceFields } {
  if (!suggestionsOpen || !hasCitySuggestions(fields.birthCountry)) return { invalid: false, fields };
  return { invalid: true, fields: { ...fields, birthCityCode: null } };
}

/** A city suggestion (SPEC §7 "Address search" feature properties). */
export interface CitySuggestion {
  id: string;
  city: string;
  postcode: string;
  citycode: string;
  label: string;
}
