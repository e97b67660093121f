import { ConfigError } from '@alterna/core';

/** The module's sending settings, read once when its services are made (a bad value stops the start, by name). */
export interface SendingSettings {
  /** MASS_EMAIL_RATE_PER_SECOND: messages per second at most, for the deployment: every campaign and worker together (default 1000). */
  ratePerSecond: number;
  /** MASS_EMAIL_BATCH_SIZE: recipients per activity (default 500). */
  batchSize: number;
  /** MASS_EMAIL_BATCHES_PER_RUN: batches before the workflow continues as new (default 10). */
  batchesPerRun: number;
  /** MASS_EMAIL_CONCURRENCY: messages in flight at once per batch, over as many connections (default 1: a killed worker resends at most one). */
  concurrency: number;
  /** MASS_EMAIL_TEMPORARY_RETRIES: tries again after a 4xx answer, with doubling delays, before recording failed (default 4). */
  temporaryRetries: number;
  /** MASS_EMAIL_RETRY_DELAY_MS: the first of those delays (default 1000). */
  retryDelayMs: number;
}

const limits: Record<keyof SendingSettings, [string, number, number, number]> = {
  ratePerSecond: ['MASS_EMAIL_RATE_PER_SECOND', 1000, 1, 100_000],
  batchSize: ['MASS_EMAIL_BATCH_SIZE', 500, 1, 10_000],
  batchesPerRun: ['MASS_EMAIL_BATCHES_PER_RUN', 10, 1, 1000],
  concurrency: ['MASS_EMAIL_CONCURRENCY', 1, 1, 32],
  temporaryRetries: ['MASS_EMAIL_TEMPORARY_RETRIES', 4, 0, 20],
  retryDelayMs: ['MASS_EMAIL_RETRY_DELAY_MS', 1000, 1, 600_000],
};

export function readSendingSettings(env: Record<string, string | undefined> = process.env): SendingSettings {
  const problems: string[] = [];
  const settings = {} as SendingSettings;
  for (const [key, [name, fallback, min, max]] of Object.entries(limits) as [keyof SendingSettings, [string, number, number, number]][]) {
    const raw = env[name];
    const value = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    settings[key] = value;
  }
  if (problems.length) throw new ConfigError(problems);
  return settings;
}
