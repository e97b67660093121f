import { DEFAULT_LIMIT, isCityOfCountry, type CityDirectory, type CitySuggestion } from './directory.js';

/** The environment variable that switches the suggestions to the public French address search API. */
export const ADDRESS_SEARCH_URL_VARIABLE = 'ADDRESS_SEARCH_URL';

/** SPEC §7 "Address search": a GET with the query text, the municipality type, autocomplete on. */
export function addressSearchRequest(baseUrl: string, text: string, limit = DEFAULT_LIMIT): URL {
  const url = new URL(baseUrl);
  url.searchParams.set('q', text.trim());
  url.searchParams.set('type', 'municipality');
  url.searchParams.set('autocomplete', '1');
  url.searchParams.set('limit', String(limit));
  return url;
}

/** The features' properties id, city, postcode, citycode and label; anything malformed is left out. */
export function parseAddressSearch(body: unknown): CitySuggestion[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  return features.flatMap((feature): CitySuggestion[] => {
    const p = (feature as { properties?: Record<string, unknown> } | null)?.properties;
    if (!p || typeof p.citycode !== 'string' || typeof p.city !== 'string') return [];
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return [{ id: text(p.id) || p.citycode, city: p.city, postcode: text(p.postcode), citycode: p.citycode, label: text(p.label) || p.city }];
  });
}

export interface AddressApiOptions {
  url: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where to turn when the service does not answer (the offline directory). */
  fallback?: CityDirectory;
  onError?: (error: unknown) => void;
}

/** Suggestions from the address search API, configured by ADDRESS_SEARCH_URL. */
export function addressApiDirectory(options: AddressApiOptions): CityDirectory {
  const doFetch = options.fetch ?? fetch;
  return {
    source: 'address-api',
    async search(country, text, limit = DEFAULT_LIMIT) {
      try {
        const response = await doFetch(addressSearchRequest(options.url, text, limit), {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
        });
        if (!response.ok) throw new Error(`address search answered ${response.status}`);
        return parseAddressSearch(await response.json()).filter((city) => isCityOfCountry(country, city.citycode));
      } catch (error) {
        options.onError?.(error);
        if (options.fallback) return options.fallback.search(country, text, limit);
        throw error;
      }
    },
  };
}

/** The configured URL, checked: an http(s) URL, else start-up stops naming the variable. */
export function addressSearchUrl(env: Record<string, string | undefined> = process.env): string | null {
  const raw = env[ADDRESS_SEARCH_URL_VARIABLE];
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    // reported below
  }
  throw new Error(`${ADDRESS_SEARCH_URL_VARIABLE} must be a URL starting with http:// or https:// (got "${raw}")`);
}
