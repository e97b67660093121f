import { describe, expect, it } from 'vitest';
import { progressOf } from './progress';

describe('planning progress bars', () => {
  it('fills planned over target, flags over-planning and completion', () => {
    expect(progressOf({ targetHours: 30, plannedHours: 8 })).toEqual({ value: 27, over: false, done: false });
    expect(progressOf({ targetHours: 30, plannedHours: 30 })).toEqual({ value: 100, over: false, done: true });
    expect(progressOf({ targetHours: 30, plannedHours: 34 })).toEqual({ value: 100, over: true, done: false });
    expect(progressOf({ targetHours: 0, plannedHours: 2 })).toEqual({ value: 100, over: true, done: false });
  });
});
