import { ConfigError } from '@alterna/core';
import { fileTypologies, fileTypologyReferences, typologyRules, type FileTypology, type TypologyRules } from './validation/rules.js';

export const defaultWarningDays = 7;

/** Reads FILES_EXPIRY_WARNING_DAYS: how many days before its expiration date a file's owner is told (default 7, 0 to 365). */
export function readWarningDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.FILES_EXPIRY_WARNING_DAYS;
  const value = raw === undefined || raw.trim() === '' ? defaultWarningDays : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 365) {
    throw new ConfigError([`FILES_EXPIRY_WARNING_DAYS must be a whole number of days from 0 to 365 (got "${raw}")`]);
  }
  return value;
}

const megabyte = 1024 * 1024;
/** The largest a setting may make a typology's files: 10 GB. */
const maxMegabytes = 10 * 1024;

/** The variable that sets a typology's largest file, in MB: FILES_DOCUMENT_MAX_MB, FILES_IMAGE_MAX_MB, FILES_VIDEO_MAX_MB, FILES_AUDIO_MAX_MB. */
export const maxSizeVariable = (typology: FileTypology) => `FILES_${typology.toUpperCase()}_MAX_MB`;

/**
 * Reads each typology's largest file (whole MB from 1 to 10240; defaults 20, 10, 50 and 20 MB). SPEC §5 checks a
 * maximum without naming it; the upload routes read no more than the largest. Every bad value stops the start, named.
 */
export function readTypologyRules(env: Record<string, string | undefined> = process.env): TypologyRules {
  const problems: string[] = [];
  const maxBytes: Partial<Record<FileTypology, number>> = {};
  for (const typology of fileTypologyReferences) {
    const name = maxSizeVariable(typology);
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > maxMegabytes) {
      problems.push(`${name} must be a whole number of MB from 1 to ${maxMegabytes} (got "${raw}"; default ${fileTypologies[typology].maxBytes / megabyte})`);
    } else maxBytes[typology] = value * megabyte;
  }
  if (problems.length) throw new ConfigError(problems);
  return typologyRules(maxBytes);
}
