import type { NewsServices } from './services/index.js';
import type { NewsActivities } from './workflow-contract.js';

/** What the news cleanup workflow calls (typed by its contract); safe to retry. */
export function activities(services: NewsServices) {
  return { newsUnusedUploadsRemove: (limit) => services.news.removeUnused(limit) } satisfies NewsActivities;
}
