// Started every night by the news module's schedule (`news-unused-uploads`): images and files sent from the news form
// (Editor.js images, downloadable files, link previews) that no news item took within a day are removed.
import { proxyActivities } from '@temporalio/workflow';
import type { NewsActivities } from '@alterna/news/workflow-contract';

const { newsUnusedUploadsRemove } = proxyActivities<NewsActivities>({
  startToCloseTimeout: '10m',
  retry: { maximumAttempts: 5 },
});

/** Files per activity: a failure retries one batch, and each transaction stays short. */
const batchSize = 500;
/** Batches per night at most (what is left waits for the next night). */
const maxBatches = 200;

/** `news.unusedUploads`. */
export async function newsUnusedUploads(): Promise<{ removed: number }> {
  let removed = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const count = await newsUnusedUploadsRemove(batchSize);
    removed += count;
    if (count < batchSize) break;
  }
  return { removed };
}
