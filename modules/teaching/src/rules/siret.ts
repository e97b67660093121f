import { normalizeSiret } from '@alterna/core/matching';

/** La Poste's establishments share one SIREN whose SIRETs follow their own key (digit sum a multiple of 5). */
const laPosteSiren = '356000000';

/**
 * A SIRET as the INSEE issues it: 14 digits once spaces and dashes are removed (SPEC §5), with a valid
 * Luhn key, or La Poste's own rule for its SIREN.
 */
export function isValidSiret(siret: string): boolean {
  const digits = normalizeSiret(siret);
  if (!/^\d{14}$/.test(digits)) return false;
  if (luhn(digits)) return true;
  return digits.startsWith(laPosteSiren) && [...digits].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    let digit = Number(digits[13 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
