import { describe, expect, it } from 'vitest';
import { ConfigError } from '@alterna/core';
import { readTypologyRules } from './config.js';
import { largestFile } from './validation/rules.js';

const mb = 1024 * 1024;

describe('FILES_<TYPOLOGY>_MAX_MB', () => {
  it('keeps the defaults unset, and the upload route reads no more than the largest typology', () => {
    const rules = readTypologyRules({});
    expect(Object.fromEntries(Object.entries(rules).map(([typology, rule]) => [typology, rule.maxBytes / mb]))).toEqual({ document: 20, image: 10, video: 50, audio: 20 });
    expect(largestFile(rules)).toBe(50 * mb);
  });

  it('sets one typology\'s largest file, the others unchanged', () => {
    const rules = readTypologyRules({ FILES_VIDEO_MAX_MB: '256', FILES_IMAGE_MAX_MB: ' ' });
    expect(rules.video).toMatchObject({ maxBytes: 256 * mb, minBytes: 1, accept: ['video/*'] });
    expect(rules.image.maxBytes).toBe(10 * mb);
    expect(largestFile(rules)).toBe(256 * mb);
  });

  it('stops the start naming every bad value', () => {
    let error: unknown;
    try {
      readTypologyRules({ FILES_DOCUMENT_MAX_MB: '0', FILES_AUDIO_MAX_MB: '1.5', FILES_VIDEO_MAX_MB: '20000' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(' ')[0])).toEqual(['FILES_DOCUMENT_MAX_MB', 'FILES_VIDEO_MAX_MB', 'FILES_AUDIO_MAX_MB']);
  });
});
