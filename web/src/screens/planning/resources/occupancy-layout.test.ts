import { describe, expect, it } from 'vitest';
import { byBuilding, columnsOf, hourAt, onDay, placeOnDay } from './occupancy-layout';

describe('occupancy layout', () => {
  it('has hour columns for a day and day columns for a week or month', () => {
    const hours = columnsOf('day', '2026-12-07', '2026-12-07');
    expect(hours).toHaveLength(15);
    expect(hours[0]).toEqual({ key: '2026-12-07-0', day: '2026-12-07', hour: 7, weekday: 1 });
    expect(columnsOf('week', '2026-12-07', '2026-12-13').map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(columnsOf('month', '2027-02-01', '2027-02-28')).toHaveLength(28);
  });

  it('places a period on the 07:00–22:00 track of its Paris day, clipped', () => {
    // 09:00–11:00 Paris in winter is 08:00Z–10:00Z: 2 of 15 hours from 07:00.
    expect(placeOnDay('2026-12-07', '2026-12-07T08:00:00.000Z', '2026-12-07T10:00:00.000Z')).toEqual({ left: (2 / 15) * 100, width: (2 / 15) * 100 });
    expect(placeOnDay('2026-12-07', '2026-12-07T05:00:00.000Z', '2026-12-07T06:30:00.000Z')).toEqual({ left: 0, width: (0.5 / 15) * 100 });
    expect(placeOnDay('2026-12-07', '2026-12-06T08:00:00.000Z', '2026-12-06T10:00:00.000Z')).toBeNull();
    expect(hourAt(0)).toBe(7);
    expect(hourAt(0.99)).toBe(21);
    expect(hourAt(1.5)).toBe(21);
  });

  it('keeps the items of a Paris day by start and groups rooms by building', () => {
    const items = [{ startAt: '2026-12-07T13:00:00.000Z' }, { startAt: '2026-12-06T23:30:00.000Z' }, { startAt: '2026-12-08T08:00:00.000Z' }];
    expect(onDay(items, '2026-12-07')).toEqual([{ startAt: '2026-12-06T23:30:00.000Z' }, { startAt: '2026-12-07T13:00:00.000Z' }]);
    const rooms = [{ id: 1, building: { id: 'a' } }, { id: 2, building: { id: 'a' } }, { id: 3, building: { id: 'b' } }];
    expect(byBuilding(rooms).map((group) => group.map((r) => r.id))).toEqual([[1, 2], [3]]);
  });
});
