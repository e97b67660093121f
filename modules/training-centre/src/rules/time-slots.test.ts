import { describe, expect, it } from 'vitest';
import { overlappingSlot, shortTime, startsBeforeEnd, toMinutes } from './time-slots.js';

const day = [
  { id: 'a', startTime: '08:30', endTime: '10:30' },
  { id: 'b', startTime: '10:45', endTime: '12:45' },
  { id: 'c', startTime: '13:45:00', endTime: '15:45:00' },
];

describe('time slots', () => {
  it('reads times of day', () => {
    expect(toMinutes('08:30')).toBe(510);
    expect(toMinutes('23:59:00')).toBe(1439);
    expect(shortTime('08:30:00')).toBe('08:30');
    expect(() => toMinutes('8h30')).toThrow();
  });

  it('wants the start strictly before the end', () => {
    expect(startsBeforeEnd({ startTime: '08:00', endTime: '08:01' })).toBe(true);
    expect(startsBeforeEnd({ startTime: '08:00', endTime: '08:00' })).toBe(false);
    expect(startsBeforeEnd({ startTime: '09:00', endTime: '08:00' })).toBe(false);
  });

  it('finds the slot of the model that overlaps, the earliest first', () => {
    expect(overlappingSlot({ startTime: '10:00', endTime: '11:00' }, day)?.id).toBe('a');
    expect(overlappingSlot({ startTime: '12:00', endTime: '14:00' }, day)?.id).toBe('b');
    expect(overlappingSlot({ startTime: '07:00', endTime: '19:00' }, day)?.id).toBe('a');
    expect(overlappingSlot({ startTime: '14:00', endTime: '14:30' }, day)?.id).toBe('c');
  });

  it('lets slots follow each other back to back, like the database constraint', () => {
    expect(overlappingSlot({ startTime: '10:30', endTime: '10:45' }, day)).toBeNull();
    expect(overlappingSlot({ startTime: '15:45', endTime: '18:00' }, day)).toBeNull();
  });

  it('does not compare a slot with itself when it is moved', () => {
    expect(overlappingSlot({ id: 'a', startTime: '08:00', endTime: '10:40' }, day)).toBeNull();
    expect(overlappingSlot({ id: 'a', startTime: '08:00', endTime: '11:00' }, day)?.id).toBe('b');
  });
});
