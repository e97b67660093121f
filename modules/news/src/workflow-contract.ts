// What the news cleanup workflow (workflows/src/news/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file).

/** The workflow's Temporal name (the module's schedule starts it). */
export const newsWorkflows = { unusedUploads: 'news.unusedUploads' } as const;

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [newsWorkflows.unusedUploads]: () => Promise<{ removed: number }>;
  }
}

/** A type, not an interface: it fits the core's record of activities. */
export type NewsActivities = {
  /** Removes up to `limit` form uploads left unused for a day (idempotent); returns how many went. */
  newsUnusedUploadsRemove(limit: number): Promise<number>;
};
