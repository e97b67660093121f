import { ValidationError, type Actor, type CoreDeps, type Translate } from '@alterna/core';
import { hasCitySuggestions, shouldLookUpCity } from '../../rules/birthplace.js';
import { perm } from '../../permissions.js';
import { addressApiDirectory, addressSearchUrl } from './address-api.js';
import { communesDirectory } from './communes.js';
import type { CityDirectory, CitySuggestion } from './directory.js';

export type { CityDirectory, CitySuggestion } from './directory.js';

export interface BirthplacesService {
  readonly source: CityDirectory['source'];
  /** Birth city suggestions: only for FR, TR, PF, GF, from 3 characters (SPEC §5); [] otherwise. */
  suggest(actor: Actor | null, country: string, text: string, t: Translate): Promise<CitySuggestion[]>;
}

/** The offline communes by default; the address search API when ADDRESS_SEARCH_URL is set. */
export function cityDirectory(core: CoreDeps, env: Record<string, string | undefined> = process.env): CityDirectory {
  const offline = communesDirectory();
  const url = addressSearchUrl(env);
  if (!url) return offline;
  return addressApiDirectory({
    url,
    fallback: offline,
    onError: (error) => core.log.warn({ err: error }, 'address search failed; offline communes used instead'),
  });
}

export function birthplacesService(core: CoreDeps, directory: CityDirectory): BirthplacesService {
  return {
    source: directory.source,
    async suggest(actor, country, text, t) {
      core.permissions.assert(actor, perm.studentRead);
      if (text.length > 100) throw new ValidationError([{ path: 'search', message: t('validation.max', { max: 100 }) }]);
      if (!hasCitySuggestions(country) || !shouldLookUpCity(country, text)) return [];
      return directory.search(country.toUpperCase(), text);
    },
  };
}
