// Started every morning by the files module's schedule (`files-expiry`): owners are told a configurable number of
// days before a file expires, and files past their expiration date are unpublished.
import { proxyActivities } from '@temporalio/workflow';
import type { FilesActivities } from '@alterna/files/workflow-contract';

const { filesExpiryRun, filesExpirySend } = proxyActivities<FilesActivities>({
  startToCloseTimeout: '10m',
  retry: { maximumAttempts: 5 },
});

/** Mails go out in batches: a failure retries one batch, and the history stays small. */
const batchSize = 50;

/** `files.expiry`. */
export async function filesExpiry(): Promise<{ warned: number; unpublished: number; mailed: number }> {
  const { warned, unpublished, pending } = await filesExpiryRun();
  let mailed = 0;
  for (let i = 0; i < pending.length; i += batchSize) mailed += await filesExpirySend(pending.slice(i, i + batchSize));
  return { warned, unpublished, mailed };
}
