import { isGrpcServiceError } from '@temporalio/client';
import { UserError } from '../errors.js';

/** Temporal could not be reached in time: the request is answered 503, "bulk operations are unavailable". */
export class TemporalUnavailableError extends UserError {
  readonly status = 503;
  readonly code = 'TEMPORAL_UNAVAILABLE';
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Temporal is unavailable: ${reason}`, options);
  }
}

// gRPC's UNAVAILABLE (no server) and DEADLINE_EXCEEDED (the request's deadline passed while retrying).
const unreachableCodes = new Set([14, 4]);

/** Our own refusal, or a Temporal call that failed because the server did not answer, however deep the client wrapped it. */
export function isTemporalUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    if (current instanceof TemporalUnavailableError) return true;
    if (isGrpcServiceError(current) && unreachableCodes.has(current.code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
