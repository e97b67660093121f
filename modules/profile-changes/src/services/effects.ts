import { ApplicationFailure } from '@temporalio/client';
import { ValidationError, type CoreDeps } from '@alterna/core';
import { profileChangeFailures, type ProfileChangeDecisionRecord } from '../workflow-contract.js';
import { table, type RequestRow } from './store.js';

/** What the workflow's activities do to the database; each is safe to run again. */
export interface EffectsService {
  /** Writes the requested values on the actor once: the request's applied_at says it is done. */
  apply(requestId: string): Promise<void>;
  /** Ends a pending request (status, who decided, when); a repeated call finds it ended and changes nothing. */
  record(requestId: string, record: ProfileChangeDecisionRecord): Promise<void>;
}

export function effectsService(core: CoreDeps): EffectsService {
  const { knex } = core;
  const identity = () => core.module('identity');
  return {
    async apply(requestId) {
      await knex.transaction(async (trx) => {
        const row = await trx<RequestRow>(table).where({ id: requestId }).forUpdate().first();
        if (!row) throw ApplicationFailure.nonRetryable('profile-changes.requestMissing', profileChangeFailures.violation);
        if (row.applied_at) return;
        try {
          await identity().updateProfile(row.actor_id, row.changes, trx);
        } catch (error) {
          // A violation will not go away by retrying: the workflow ends the request failed, with the reason.
          if (error instanceof ValidationError) throw ApplicationFailure.nonRetryable(error.violations[0]?.message ?? 'invalid', profileChangeFailures.violation);
          throw error;
        }
        await trx(table).where({ id: requestId }).update({ applied_at: trx.fn.now(), updated_at: trx.fn.now() });
      });
    },
    async record(requestId, record) {
      await knex(table).where({ id: requestId, status: 'pending' }).update({
        status: record.status,
        decided_by: record.deciderId,
        decided_at: knex.fn.now(),
        failure_reason: record.reason,
        updated_at: knex.fn.now(),
      });
    },
  };
}
