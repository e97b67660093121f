// A mass move (SPEC §5: "delay number >= 1", a unit): days and weeks keep the Paris wall-clock time across a
// change of summer/winter time (a 09:00 lesson moved a week stays at 09:00), minutes and hours are elapsed time.
import { DateTime } from 'luxon';
import { CENTRE_TIME_ZONE } from '../types.js';

export const moveUnits = ['minutes', 'hours', 'days', 'weeks'] as const;
export type MoveUnit = (typeof moveUnits)[number];
export const moveDirections = ['later', 'earlier'] as const;
export type MoveDirection = (typeof moveDirections)[number];

export interface Move {
  delay: number;
  unit: MoveUnit;
  direction: MoveDirection;
}

/** One instant moved by the delay. */
export function shiftInstant(instant: string | Date, move: Move, zone = CENTRE_TIME_ZONE): string {
  const start = (typeof instant === 'string' ? DateTime.fromISO(instant) : DateTime.fromJSDate(instant)).setZone(zone);
  const amount = move.direction === 'later' ? move.delay : -move.delay;
  return start.plus({ [move.unit]: amount }).toUTC().toISO()!;
}

/** A lesson's period moved by the delay; the duration is kept for minutes and hours, the wall-clock for days and weeks. */
export function shiftPeriod(period: { startAt: string | Date; endAt: string | Date }, move: Move, zone = CENTRE_TIME_ZONE): { startAt: string; endAt: string } {
  return { startAt: shiftInstant(period.startAt, move, zone), endAt: shiftInstant(period.endAt, move, zone) };
}
