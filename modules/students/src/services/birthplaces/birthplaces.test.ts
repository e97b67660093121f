import { describe, expect, it } from 'vitest';
import { addressApiDirectory, addressSearchRequest, addressSearchUrl, parseAddressSearch } from './address-api.js';
import { communesDirectory, indexCommunes, searchCommunes, type CommuneRecord } from './communes.js';

const records: CommuneRecord[] = [
  { code: '69123', nom: 'Lyon', type: 'commune-actuelle', codesPostaux: ['69001', '69002'], population: 519127 },
  { code: '69381', nom: 'Lyon 1er Arrondissement', type: 'arrondissement-municipal', codesPostaux: ['69001'], population: 28717 },
  { code: '27377', nom: 'Lyons-la-Forêt', type: 'commune-actuelle', codesPostaux: ['27480'], population: 756 },
  { code: '42218', nom: 'Saint-Étienne', type: 'commune-actuelle', codesPostaux: ['42000'], population: 173000 },
  { code: '14001', nom: 'Ancienne', type: 'commune-deleguee', codesPostaux: ['14000'] },
  { code: '97302', nom: 'Cayenne', type: 'commune-actuelle', codesPostaux: ['97300'], population: 63000 },
  { code: '98735', nom: 'Papeete', type: 'commune-actuelle', codesPostaux: ['98714'], population: 26000 },
];

describe('offline French communes', () => {
  const entries = indexCommunes(records);

  it('keeps current communes and municipal arrondissements with name, INSEE code and postcode', () => {
    expect(entries.map((e) => e.code)).toEqual(['69123', '69381', '27377', '42218', '97302', '98735']);
    expect(searchCommunes(entries, 'FR', 'lyo')[0]).toEqual({ id: '69123', city: 'Lyon', postcode: '69001', citycode: '69123', label: 'Lyon' });
  });

  it('ignores accents, case and dashes, larger towns first', () => {
    expect(searchCommunes(entries, 'FR', 'saint etienne').map((c) => c.citycode)).toEqual(['42218']);
    expect(searchCommunes(entries, 'FR', 'LYON').map((c) => c.city)).toEqual(['Lyon', 'Lyon 1er Arrondissement', 'Lyons-la-Forêt']);
    expect(searchCommunes(entries, 'FR', '27480').map((c) => c.city)).toEqual(['Lyons-la-Forêt']);
  });

  it('keeps French Guiana to GF and French Polynesia to PF', () => {
    expect(searchCommunes(entries, 'GF', 'cay').map((c) => c.citycode)).toEqual(['97302']);
    expect(searchCommunes(entries, 'GF', 'lyo')).toEqual([]);
    expect(searchCommunes(entries, 'PF', 'pap').map((c) => c.citycode)).toEqual(['98735']);
    expect(searchCommunes(entries, 'FR', 'cay').map((c) => c.citycode)).toEqual(['97302']);
  });

  it('reads the package\'s data (name, INSEE code, postcodes) on first use', async () => {
    const found = await communesDirectory().search('FR', 'Villeurbanne');
    expect(found[0]).toMatchObject({ city: 'Villeurbanne', citycode: '69266', postcode: '69100' });
  });
});

describe('the public French address search API', () => {
  const base = 'https://address-search.example/search/';

  it('builds the SPEC §7 request: query text, municipality type, autocomplete on', () => {
    const url = addressSearchRequest(base, ' Saint-Étienne ', 5);
    expect(url.origin + url.pathname).toBe(base);
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'Saint-Étienne', type: 'municipality', autocomplete: '1', limit: '5' });
  });

  // The shape the service answers (a GeoJSON FeatureCollection), as recorded from its documentation.
  const recorded = {
    type: 'FeatureCollection', version: 'draft', query: 'lyon',
    features: [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [4.835, 45.758] }, properties: { label: 'Lyon', score: 0.96, id: '69123', type: 'municipality', name: 'Lyon', postcode: '69001', citycode: '69123', x: 842_000, y: 6_519_000, population: 522_250, city: 'Lyon', context: '69, Rhône, Auvergne-Rhône-Alpes', importance: 0.79 } },
      { type: 'Feature', geometry: { type: 'Point', coordinates: [-52.33, 4.93] }, properties: { label: 'Cayenne', id: '97302', type: 'municipality', postcode: '97300', citycode: '97302', city: 'Cayenne' } },
      { type: 'Feature', properties: { label: 'broken' } },
    ],
  };

  it('reads id, city, postcode, citycode and label of the features', () => {
    expect(parseAddressSearch(recorded)).toEqual([
      { id: '69123', city: 'Lyon', postcode: '69001', citycode: '69123', label: 'Lyon' },
      { id: '97302', city: 'Cayenne', postcode: '97300', citycode: '97302', label: 'Cayenne' },
    ]);
    expect(parseAddressSearch({ error: 'nope' })).toEqual([]);
    expect(parseAddressSearch(null)).toEqual([]);
  });

  it('answers through the same interface, filtered by country, and falls back to the offline directory on failure', async () => {
    const asked: string[] = [];
    const directory = addressApiDirectory({
      url: base,
      fetch: (async (url: URL) => {
        asked.push(String(url));
        return new Response(JSON.stringify(recorded), { status: 200, headers: { 'content-type': 'application/json' } });
      }) as unknown as typeof fetch,
    });
    expect(directory.source).toBe('address-api');
    expect((await directory.search('GF', 'cay')).map((c) => c.city)).toEqual(['Cayenne']);
    expect(asked).toEqual([`${base}?q=cay&type=municipality&autocomplete=1&limit=10`]);

    const errors: unknown[] = [];
    const failing = addressApiDirectory({
      url: base,
      fetch: (async () => new Response('down', { status: 503 })) as unknown as typeof fetch,
      fallback: communesDirectory(async () => records),
      onError: (e) => errors.push(e),
    });
    expect((await failing.search('FR', 'lyo')).map((c) => c.citycode)).toEqual(['69123', '69381', '27377']);
    expect(errors).toHaveLength(1);
  });

  it('is switched on by ADDRESS_SEARCH_URL, which must be an http(s) URL', () => {
    expect(addressSearchUrl({})).toBeNull();
    expect(addressSearchUrl({ ADDRESS_SEARCH_URL: base })).toBe(base);
    expect(() => addressSearchUrl({ ADDRESS_SEARCH_URL: 'ftp://x' })).toThrow('ADDRESS_SEARCH_URL must be a URL starting with http:// or https:// (got "ftp://x")');
  });
});
