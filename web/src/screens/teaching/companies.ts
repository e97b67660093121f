import type { CompanyAddress } from './api';

/** The address on one line, null when nothing is filled in (the duplicate dialog then says so). */
export function addressText(address: CompanyAddress): string | null {
  const city = [address.postalCode, address.addressLocality].filter(Boolean).join(' ');
  const parts = [address.streetAddress, address.addressSupplement, city, address.addressCountry && address.addressCountry !== 'FR' ? address.addressCountry : null]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** SPEC §7 step 2 success: the option the contract form adds and selects. */
export interface CompanySaved {
  message: string;
  success: boolean;
  /** '[name] - [siret]' (SPEC §9). */
  text: string;
  siret: string;
  /** The company id. */
  value: string;
}

/** Server errors of the popup: a map from field to messages (SPEC §7), or the core's list. */
export function fieldErrors(errors: unknown): Record<string, string[]> {
  if (Array.isArray(errors)) {
    const map: Record<string, string[]> = {};
    for (const e of errors as { path?: string; message?: string }[]) if (e?.message) (map[e.path ?? ''] ??= []).push(e.message);
    return map;
  }
  if (errors && typeof errors === 'object') {
    return Object.fromEntries(Object.entries(errors as Record<string, unknown>).map(([k, v]) => [k, (Array.isArray(v) ? v : [v]).map(String)]));
  }
  return {};
}
