import { describe, expect, it } from 'vitest';
import { ConfigError } from '@alterna/core';
import { defaultDelays, readDelays } from './config.js';

describe('profile-change delays', () => {
  it('defaults to a reminder after 5 days and an expiry after 7', () => {
    expect(readDelays({})).toEqual({ reminderSeconds: 432_000, expirySeconds: 604_800 });
    expect(readDelays({ PROFILE_CHANGE_EXPIRY_SECONDS: '', PROFILE_CHANGE_REMINDER_SECONDS: ' ' })).toEqual(defaultDelays);
  });

  it('reads both variables', () => {
    expect(readDelays({ PROFILE_CHANGE_EXPIRY_SECONDS: '6', PROFILE_CHANGE_REMINDER_SECONDS: '2' })).toEqual({ expirySeconds: 6, reminderSeconds: 2 });
  });

  it('names every bad variable at once', () => {
    const read = () => readDelays({ PROFILE_CHANGE_EXPIRY_SECONDS: 'soon', PROFILE_CHANGE_REMINDER_SECONDS: '-1' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/PROFILE_CHANGE_EXPIRY_SECONDS must be a whole number of seconds from 1 to \d+ \(got "soon"\)/);
    expect(read).toThrow(/PROFILE_CHANGE_REMINDER_SECONDS must be a whole number .*\(got "-1"\)/);
    expect(() => readDelays({ PROFILE_CHANGE_EXPIRY_SECONDS: '1.5' })).toThrow(/got "1.5"/);
  });

  it('refuses a reminder that would come at or after the expiry', () => {
    expect(() => readDelays({ PROFILE_CHANGE_EXPIRY_SECONDS: '10', PROFILE_CHANGE_REMINDER_SECONDS: '10' })).toThrow(/must be less than PROFILE_CHANGE_EXPIRY_SECONDS/);
    // Only one variable set: still checked against the other's default.
    expect(() => readDelays({ PROFILE_CHANGE_EXPIRY_SECONDS: '3600' })).toThrow(/PROFILE_CHANGE_REMINDER_SECONDS \(432000\)/);
  });
});
