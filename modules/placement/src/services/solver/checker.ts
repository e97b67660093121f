import type { Instance, PlacedLesson, Violation } from './types.js';

// The hard rules, checked on a finished list of lessons by their own code path (plain maps and interval overlaps, no
// part of the solver's state), so a solver bug cannot hide itself. The instance's pinned lessons are checked with the
// proposal's when the proposal lists them (it does: a proposal holds its pinned lessons).

interface Held {
  lesson: number;
  day: number;
  start: number;
  end: number;
}

const overlap = (a: Held, b: { day: number; start: number; end: number }) => a.day === b.day && a.start < b.end && b.start < a.end;

/** Every hard rule the lessons break, in the order of the lessons; empty when the proposal may be applied. */
export function checkProposal(instance: Instance, lessons: readonly PlacedLesson[]): Violation[] {
  const violations: Violation[] = [];
  const add = (rule: Violation['rule'], lesson: number, detail: string) => violations.push({ rule, lesson, detail });
  const slots = new Map(instance.slots.map((slot) => [slot.id, slot]));
  const demands = new Map(instance.demands.map((demand) => [demand.id, demand]));
  const groups = new Map(instance.groups.map((group) => [group.id, group]));
  const teachers = new Map(instance.teachers.map((teacher) => [teacher.id, teacher]));
  const rooms = new Map(instance.rooms.map((room) => [room.id, room]));
  const campuses = new Map(instance.campuses.map((campus) => [campus.id, campus]));
  // What each resource holds: the lessons already planned (lesson -1), then the proposal's.
  const held = new Map<string, Held[]>();
  const hold = (key: string, entry: Held) => {
    const list = held.get(key);
    if (list) list.push(entry);
    else held.set(key, [entry]);
  };
  for (const fixed of instance.fixed) {
    const entry = { lesson: -1, day: fixed.day, start: fixed.start, end: fixed.end };
    for (const id of fixed.groupIds) hold(`group ${id}`, entry);
    for (const id of fixed.teacherIds) hold(`teacher ${id}`, entry);
    for (const id of fixed.roomIds) hold(`room ${id}`, entry);
  }
  const teacherMinutes = new Map<string, number>();
  const demandMinutes = new Map<string, number>();
  lessons.forEach((lesson, index) => {
    const slot = slots.get(lesson.slotId);
    const demand = demands.get(lesson.demandId);
    const group = demand && groups.get(demand.groupId);
    const teacher = teachers.get(lesson.teacherId);
    const room = rooms.get(lesson.roomId);
    if (!slot || !demand || !group || !teacher || !room || !instance.days[lesson.day]) {
      add('unknown', index, `unknown slot, demand, group, teacher, room or day in ${JSON.stringify(lesson)}`);
      return;
    }
    const entry: Held = { lesson: index, day: lesson.day, start: slot.start, end: slot.end };
    const minutes = slot.end - slot.start;
    for (const [kind, id, rule] of [['group', group.id, 'groupDoubleBooked'], ['teacher', teacher.id, 'teacherDoubleBooked'], ['room', room.id, 'roomDoubleBooked']] as const) {
      const other = (held.get(`${kind} ${id}`) ?? []).find((h) => overlap(h, entry));
      if (other) add(rule, index, `${kind} ${id} also holds ${other.lesson < 0 ? 'a planned lesson' : `lesson ${other.lesson}`} on day ${lesson.day}`);
      hold(`${kind} ${id}`, entry);
    }
    if (slot.campusIds && !slot.campusIds.includes(group.campusId)) add('slotOtherCampus', index, `slot ${slot.id} is not in the time-slot model of group ${group.id}'s campus`);
    if (!teacher.subjectIds.includes(demand.subjectId)) add('notQualified', index, `teacher ${teacher.id} is not qualified for ${demand.subjectId}`);
    if (teacher.unavailable.some((busy) => overlap(entry, busy))) add('teacherUnavailable', index, `teacher ${teacher.id} is unavailable on day ${lesson.day}`);
    if (room.capacity < group.size) add('roomTooSmall', index, `room ${room.id} holds ${room.capacity}, group ${group.id} is ${group.size}`);
    if (room.campusId !== group.campusId) add('roomOtherCampus', index, `room ${room.id} is not on group ${group.id}'s campus`);
    if (!group.schoolDays.includes(lesson.day)) add('notSchoolDay', index, `day ${lesson.day} is not a school day of group ${group.id}`);
    if (campuses.get(group.campusId)?.closedDays.includes(lesson.day)) add('closed', index, `the campus is closed on day ${lesson.day}`);
    const taught = (teacherMinutes.get(teacher.id) ?? 0) + minutes;
    teacherMinutes.set(teacher.id, taught);
    if (taught > teacher.capMinutes) add('overCap', index, `teacher ${teacher.id} over the contract cap (${taught} > ${teacher.capMinutes} min)`);
    const placed = (demandMinutes.get(demand.id) ?? 0) + minutes;
    demandMinutes.set(demand.id, placed);
    if (placed > demand.remainingMinutes) add('overTarget', index, `demand ${demand.id} over its remaining hours (${placed} > ${demand.remainingMinutes} min)`);
  });
  return violations;
}
