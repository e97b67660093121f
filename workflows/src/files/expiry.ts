// Started every morning by the files module's schedule (`files-expiry`): owners are told a configurable number of
// days before a file expires, and files past their expiration date are unpublished.
import { continueAsNew, patched, proxyActivities } from '@temporalio/workflow';
import { filesExpiryPaging, type FilesActivities, type FilesExpiryRun } from '@alterna/files/workflow-contract';

const { filesExpiryRecord, filesExpiryMail, filesExpiryRun, filesExpirySend } = proxyActivities<FilesActivities>({
  startToCloseTimeout: '10m',
  retry: { maximumAttempts: 5 },
});

/**
 * The paging (issue #28): the warnings are mailed a page per activity, which reads its page by a cursor, and the run
 * continues as new every few pages, so no list of warnings goes through the history. A run started before it goes on
 * as it began (README "Workflow versioning"): once none is open (the day after the deployment), this becomes
 * `deprecatePatch`, and the branch and the two activities it calls go.
 */
export const expiryPagingPatch = 'files.expiry.paging';

/** `files.expiry`. */
export async function filesExpiry(run: FilesExpiryRun = {}): Promise<{ warned: number; unpublished: number; mailed: number }> {
  if (!patched(expiryPagingPatch)) return expiryBeforePaging();
  const { pageSize = filesExpiryPaging.pageSize, pagesPerRun = filesExpiryPaging.pagesPerRun } = run;
  const { warned, unpublished } = run.warned === undefined || run.unpublished === undefined
    ? await filesExpiryRecord()
    : { warned: run.warned, unpublished: run.unpublished };
  let mailed = run.mailed ?? 0;
  let after = run.after ?? null;
  for (let pages = 0; ; pages += 1) {
    if (pages === pagesPerRun) await continueAsNew<typeof filesExpiry>({ pageSize, pagesPerRun, warned, unpublished, mailed, after });
    const page = await filesExpiryMail(after, pageSize);
    mailed += page.mailed;
    if (!page.next) return { warned, unpublished, mailed };
    after = page.next;
  }
}

/** The run as it was before the paging: the warnings' ids through the history, mailed 50 at a time. */
async function expiryBeforePaging(): Promise<{ warned: number; unpublished: number; mailed: number }> {
  const { warned, unpublished, pending } = await filesExpiryRun();
  let mailed = 0;
  for (let i = 0; i < pending.length; i += 50) mailed += await filesExpirySend(pending.slice(i, i + 50));
  return { warned, unpublished, mailed };
}
