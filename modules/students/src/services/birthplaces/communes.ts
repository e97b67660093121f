import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DEFAULT_LIMIT, isCityOfCountry, searchKey, type CityDirectory, type CitySuggestion } from './directory.js';

/** A commune of @etalab/decoupage-administratif (data/communes.json): INSEE code, name, postcodes. */
export interface CommuneRecord {
  code: string;
  nom: string;
  type: string;
  codesPostaux?: string[];
  population?: number;
}

interface Entry {
  code: string;
  name: string;
  key: string;
  postcodes: string[];
  population: number;
}

/** Current communes and the municipal arrondissements of Paris, Lyon and Marseille (their own INSEE codes). */
const kept = new Set(['commune-actuelle', 'arrondissement-municipal']);

export function indexCommunes(records: readonly CommuneRecord[]): Entry[] {
  return records
    .filter((r) => kept.has(r.type))
    .map((r) => ({ code: r.code, name: r.nom, key: searchKey(r.nom), postcodes: r.codesPostaux ?? [], population: r.population ?? 0 }));
}

function toSuggestion(entry: Entry, postcode?: string): CitySuggestion {
  const code = postcode ?? entry.postcodes[0] ?? '';
  return { id: entry.code, city: entry.name, postcode: code, citycode: entry.code, label: entry.name };
}

/** Ranks: the name starts with the text, then a word of it does, then it contains it; larger towns first. */
export function searchCommunes(entries: readonly Entry[], country: string, text: string, limit = DEFAULT_LIMIT): CitySuggestion[] {
  const query = searchKey(text);
  if (!query) return [];
  const byPostcode = /^\d{2,5}$/.test(query);
  const ranked: { entry: Entry; rank: number; postcode?: string }[] = [];
  for (const entry of entries) {
    if (!isCityOfCountry(country, entry.code)) continue;
    if (byPostcode) {
      const postcode = entry.postcodes.find((p) => p.startsWith(query));
      if (postcode) ranked.push({ entry, rank: postcode === query ? 0 : 1, postcode });
      continue;
    }
    const rank = entry.key.startsWith(query) ? 0 : entry.key.includes(` ${query}`) ? 1 : entry.key.includes(query) ? 2 : -1;
    if (rank >= 0) ranked.push({ entry, rank });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || b.entry.population - a.entry.population || a.entry.name.localeCompare(b.entry.name, 'fr'))
    .slice(0, limit)
    .map((r) => toSuggestion(r.entry, r.postcode));
}

/** The default directory: offline, from the maintained communes package, loaded on first use. */
export function communesDirectory(load: () => Promise<readonly CommuneRecord[]> = loadCommunes): CityDirectory {
  let entries: Promise<Entry[]> | null = null;
  return {
    source: 'communes',
    async search(country, text, limit) {
      entries ??= load().then(indexCommunes);
      return searchCommunes(await entries, country, text, limit);
    },
  };
}

/** The package's own entry reads from the working directory, so its data file is read directly. */
async function loadCommunes(): Promise<CommuneRecord[]> {
  const file = createRequire(import.meta.url).resolve('@etalab/decoupage-administratif/data/communes.json');
  return JSON.parse(await fs.readFile(file, 'utf8')) as CommuneRecord[];
}
