import type { LineStatus } from '../validation/index.js';

export interface LineInput {
  id: string;
  status: LineStatus;
  arrivedAt?: string | null;
  leftAt?: string | null;
  exitFrom?: string | null;
  exitTo?: string | null;
  comment?: string | null;
}

/**
 * The time a status needs (lateness: arrival; early exit: leaving; temporary exit: from and to, in order);
 * the name of the first missing or wrong field, else null.
 */
export function lineRequirements(line: LineInput): 'arrivedAt' | 'leftAt' | 'exitFrom' | 'exitTo' | null {
  if (line.status === 'late' && !line.arrivedAt) return 'arrivedAt';
  if (line.status === 'early-exit' && !line.leftAt) return 'leftAt';
  if (line.status === 'temporary-exit') {
    if (!line.exitFrom) return 'exitFrom';
    if (!line.exitTo || Date.parse(line.exitTo) <= Date.parse(line.exitFrom)) return 'exitTo';
  }
  return null;
}
