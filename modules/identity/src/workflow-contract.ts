// What the session-purge workflow (workflows/src/identity/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file).

/** The workflow's Temporal name (the module's schedule starts it). */
export const identityWorkflows = { purgeLoginRecords: 'identity.purgeLoginRecords' } as const;

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [identityWorkflows.purgeLoginRecords]: () => Promise<{ sessions: number; attempts: number }>;
  }
}

/** A type, not an interface: it fits the core's record of activities. */
export type IdentityActivities = {
  /** Deletes expired sessions and login attempts older than the rate-limit window; returns how many of each. */
  purgeLoginRecords(): Promise<{ sessions: number; attempts: number }>;
};
