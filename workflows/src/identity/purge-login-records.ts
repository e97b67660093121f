// Started by the identity module's schedule: expired sessions and old login attempts go away.
import { proxyActivities } from '@temporalio/workflow';
import type { IdentityActivities } from '@alterna/identity/workflow-contract';

const { purgeLoginRecords } = proxyActivities<IdentityActivities>({ startToCloseTimeout: '5m', retry: { maximumAttempts: 5 } });

/** `identity.purgeLoginRecords`. */
export async function identityPurgeLoginRecords(): Promise<{ sessions: number; attempts: number }> {
  return purgeLoginRecords();
}
