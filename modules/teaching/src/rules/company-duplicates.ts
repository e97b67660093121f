import { normalizeName, normalizeSiret, sameText } from '@alterna/core/matching';

export interface CompanyIdentity {
  id: string;
  siret: string;
  name: string;
}

/** The company being written: its id when edited (that record is never its own duplicate). */
export interface CompanyCandidate {
  id?: string | null;
  siret: string;
  name: string;
}

/**
 * SPEC §5 "a company's SIRET or name duplicate is rejected": the same SIRET once spaces and dashes are
 * removed, or the same name trimmed, case-insensitively. Answers the clashing companies per field.
 */
export function companyDuplicates(candidate: CompanyCandidate, existing: readonly CompanyIdentity[]): { siret: CompanyIdentity[]; name: CompanyIdentity[] } {
  const others = existing.filter((company) => company.id !== candidate.id);
  const siret = normalizeSiret(candidate.siret.trim());
  const name = normalizeName(candidate.name);
  return {
    siret: siret ? others.filter((company) => normalizeSiret(company.siret) === siret) : [],
    name: name ? others.filter((company) => sameText(company.name, name)) : [],
  };
}

/** The popup's search terms (SPEC §5 "siret exact (trimmed) or name case-insensitive"), empty ones dropped. */
export function companySearchTerms(siret: string | null | undefined, name: string | null | undefined): { siret: string | null; name: string | null } {
  const s = normalizeSiret((siret ?? '').trim());
  const n = normalizeName(name ?? '');
  return { siret: s || null, name: n || null };
}
