import type { Demand, Instance, Room, Teacher } from './types.js';

// A small hand-made instance for the solver's unit tests: one campus (Lyon), one week of five days, three two-hour
// slots a day, one group of 24 (BTS MCO 1) at school every day, two teachers and two rooms. Tests change what they need.

export const teacher = (id: string, subjectIds: string[], more: Partial<Teacher> = {}): Teacher => ({ id, name: id, subjectIds, unavailable: [], capMinutes: 100 * 60, ...more });
export const room = (id: string, capacity: number, campusId = 'lyon'): Room => ({ id, name: id, capacity, campusId });
export const demand = (subjectId: string, hours: number, groupId = 'mco1'): Demand => ({
  id: `${groupId}:${subjectId}`, groupId, subjectId, subjectName: subjectId === 'en' ? 'Anglais' : subjectId === 'ma' ? 'Mathématiques' : subjectId, remainingMinutes: hours * 60,
});

export function tinyInstance(more: Partial<Instance> = {}): Instance {
  return {
    days: ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08'].map((date, i) => ({ date, week: 0, weekday: i + 1 })),
    slots: [{ id: 'am1', start: 8 * 60, end: 10 * 60 }, { id: 'am2', start: 10 * 60, end: 12 * 60 }, { id: 'pm', start: 14 * 60, end: 16 * 60 }],
    campuses: [{ id: 'lyon', name: 'Lyon', closedDays: [] }, { id: 'paris', name: 'Paris', closedDays: [] }],
    groups: [{ id: 'mco1', name: 'BTS MCO 1', size: 24, campusId: 'lyon', schoolDays: [0, 1, 2, 3, 4] }],
    teachers: [teacher('alice', ['en']), teacher('bob', ['ma'])],
    rooms: [room('big', 30), room('small', 12)],
    demands: [demand('en', 4), demand('ma', 4)],
    fixed: [],
    pinned: [],
    ...more,
  };
}
