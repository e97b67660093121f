import { describe, expect, it } from 'vitest';
import { checkProposal } from './checker.js';
import { demand, room, tinyInstance } from './tiny.js';
import type { PlacedLesson } from './types.js';

// The checker itself: each hard rule broken on purpose is named (the solver's tests rely on it finding them).

const lesson = (more: Partial<PlacedLesson> = {}): PlacedLesson => ({ demandId: 'mco1:en', day: 0, slotId: 'am1', teacherId: 'alice', roomId: 'big', ...more });
const rules = (lessons: PlacedLesson[], instance = tinyInstance()) => checkProposal(instance, lessons).map((v) => v.rule);

describe('placement: the hard-rule checker', () => {
  it('finds nothing in a proposal that keeps the rules', () => {
    expect(rules([lesson(), lesson({ day: 1 }), lesson({ demandId: 'mco1:ma', teacherId: 'bob', slotId: 'am2' })])).toEqual([]);
  });

  it('names each broken rule', () => {
    const second = { id: 'ndrc1', name: 'BTS NDRC 1', size: 24, campusId: 'lyon', schoolDays: [0, 1, 2, 3, 4] };
    const two = tinyInstance({ groups: [tinyInstance().groups[0]!, second], demands: [demand('en', 4), demand('ma', 4), demand('en', 4, 'ndrc1')] });
    expect(rules([lesson(), lesson({ demandId: 'ndrc1:en', roomId: 'small' })], two)).toEqual(['teacherDoubleBooked', 'roomTooSmall']);
    expect(rules([lesson(), lesson({ demandId: 'mco1:ma', teacherId: 'bob', roomId: 'small' })])).toEqual(['groupDoubleBooked', 'roomTooSmall']);
    expect(rules([lesson(), lesson({ demandId: 'ndrc1:en', teacherId: 'bob' })], two)).toEqual(['roomDoubleBooked', 'notQualified']);
    expect(rules([lesson({ teacherId: 'bob' })])).toEqual(['notQualified']);
    expect(rules([lesson()], tinyInstance({ teachers: [{ ...tinyInstance().teachers[0]!, unavailable: [{ day: 0, start: 9 * 60, end: 9 * 60 + 30 }] }] }))).toEqual(['teacherUnavailable']);
    expect(rules([lesson({ roomId: 'paris' })], tinyInstance({ rooms: [room('paris', 40, 'paris')] }))).toEqual(['roomOtherCampus']);
    expect(rules([lesson()], tinyInstance({ groups: [{ ...tinyInstance().groups[0]!, schoolDays: [1] }] }))).toEqual(['notSchoolDay']);
    expect(rules([lesson()], tinyInstance({ campuses: [{ id: 'lyon', name: 'Lyon', closedDays: [0] }] }))).toEqual(['closed']);
    expect(rules([lesson(), lesson({ day: 1 })], tinyInstance({ teachers: [{ ...tinyInstance().teachers[0]!, capMinutes: 120 }] }))).toEqual(['overCap']);
    expect(rules([lesson(), lesson({ day: 1 }), lesson({ day: 2 })])).toEqual(['overTarget']);
    expect(rules([lesson({ slotId: 'nope' })])).toEqual(['unknown']);
    const parisSlots = tinyInstance({ slots: [...tinyInstance().slots, { id: 'paris-am', start: 8 * 60 + 30, end: 10 * 60 + 30, campusIds: ['paris'] }] });
    expect(rules([lesson({ slotId: 'paris-am' })], parisSlots)).toEqual(['slotOtherCampus']);
  });

  it('counts lessons already planned', () => {
    const fixed = [{ id: 'f', day: 0, start: 9 * 60, end: 11 * 60, groupIds: [], teacherIds: ['alice'], roomIds: [] }];
    expect(rules([lesson()], tinyInstance({ fixed }))).toEqual(['teacherDoubleBooked']);
  });
});
