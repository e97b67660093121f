// Reasons of run items and previews in the asker's language: the conflict kinds through the conflict engine's
// `describe` (one call for all), the run's own reasons (attendance started, locked…) from the bulk catalogue.
import type { Knex, Translate } from '@alterna/core';
import type { Conflict } from '../types.js';
import { runReasonKinds, type RunReason, type RunReasonKind } from './bulk-store.js';
import type { PlanningDeps } from './deps.js';

const isRunReason = (reason: RunReason): reason is RunReason & { kind: RunReasonKind } => (runReasonKinds as readonly string[]).includes(reason.kind);

/** Each list of reasons with `message` filled, lists in the same order. */
export async function describeReasons(deps: PlanningDeps, db: Knex | Knex.Transaction, lists: RunReason[][], t: Translate): Promise<RunReason[][]> {
  const conflicts = lists.flatMap((reasons) => reasons.filter((r): r is Conflict => !isRunReason(r)));
  const described = conflicts.length ? await deps.services().conflicts.describe(db, conflicts, t) : [];
  let next = 0;
  return lists.map((reasons) =>
    reasons.map((reason) => {
      if (isRunReason(reason)) return { ...reason, message: t(`planning.bulk.reasons.${reason.kind}`) };
      const message = described[next++]?.message;
      return message ? { ...reason, message } : { ...reason, message: t('planning.bulk.reasons.conflict') };
    }),
  );
}
