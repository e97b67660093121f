// What the mass e-mail workflow (workflows/src/mass-email/) and this module agree on: names and types only, no runtime
// import (the workflow bundle imports this file).

/** The workflow's Temporal name (also the operation's kind), and the signals that pause and resume it. */
export const massEmailWorkflows = { campaign: 'mass-email.campaign' } as const;
export const massEmailSignals = { pause: 'mass-email.pause', resume: 'mass-email.resume' } as const;

export interface MassEmailRun {
  campaignId: string;
  batchSize: number;
  batchesPerRun: number;
  ratePerSecond: number;
  /** Carried over continue-as-new. */
  state?: MassEmailState;
  paused?: boolean;
}

export interface MassEmailState {
  total: number;
  /** The next recipient (seq) to handle: every one before it has its answer recorded. */
  nextSeq: number;
  sent: number;
  failed: number;
  /** Recipients skipped because they unsubscribed (absent from runs started before issue #24). */
  unsubscribed?: number;
}

export interface MassEmailBatchCounts {
  sent: number;
  failed: number;
  unsubscribed?: number;
}

export interface MassEmailFailure {
  email: string;
  name: string;
  answer: string;
}

/** The run's result: counts, who got it and who failed and why (lists cut at 1000; every row is in the campaign). */
export interface MassEmailResult {
  campaignId: string;
  status: 'completed' | 'cancelled';
  total: number;
  sent: number;
  failed: number;
  unsubscribed: number;
  pending: number;
  delivered: string[];
  failures: MassEmailFailure[];
  truncated: boolean;
}

declare module '@alterna/core/operations/types' {
  interface Workflows {
    [massEmailWorkflows.campaign]: (input: MassEmailRun) => Promise<MassEmailResult>;
  }
}

/** A type, not an interface: it fits the core's record of activities. */
export type MassEmailActivities = {
  /** The recipients and the answers already recorded (a restarted run resumes after them). */
  massEmailPrepare(campaignId: string): Promise<MassEmailState>;
  /**
   * Sends the pending recipients with seq in [fromSeq, toSeq], one after another, each state written after the server's
   * answer; heartbeats the last recorded seq. A retry sends only those still pending, with their stored Message-ID.
   */
  massEmailSendBatch(campaignId: string, fromSeq: number, toSeq: number, ratePerSecond: number): Promise<MassEmailBatchCounts>;
  /** The campaign's final status, and the result read from its rows. */
  massEmailFinish(campaignId: string, status: 'completed' | 'cancelled'): Promise<MassEmailResult>;
};
