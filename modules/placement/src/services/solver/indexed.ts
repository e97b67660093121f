import type { Instance } from './types.js';

// The instance by number: resources, days and slots as indexes, what each demand may use, and what is already held
// (planned lessons, unavailabilities) as one flag per resource, day and slot. Shared by the solver's parts; the
// checker does not use it.

/** A lesson or planned lesson as the day's soft rules see it. */
export interface DayItem {
  start: number;
  end: number;
  room: number;
}

export interface Indexed {
  instance: Instance;
  days: number;
  slots: number;
  slotStart: Int32Array;
  slotEnd: Int32Array;
  slotMinutes: Int32Array;
  /** For each slot, the slots whose times overlap it (itself included). */
  slotOverlaps: number[][];
  slotIndex: Map<string, number>;
  teacherIndex: Map<string, number>;
  roomIndex: Map<string, number>;
  groupIndex: Map<string, number>;
  demandIndex: Map<string, number>;
  demandGroup: Int32Array;
  /** For each group, whether each day is a school day on an open campus. */
  open: Uint8Array[];
  /** For each group, the slots of its campus's time-slot model; for each campus, whether each slot is its. */
  groupSlots: number[][];
  campusSlot: Uint8Array[];
  /** Teachers qualified for each demand's subject; rooms of the group's campus that hold the group. */
  qualified: number[][];
  fitting: number[][];
  cap: Int32Array;
  roomCampus: Int32Array;
  /** Held by a planned lesson or unavailable, by resource, day and slot (`(resource * days + day) * slots + slot`). */
  teacherBlocked: Uint8Array;
  groupBlocked: Uint8Array;
  roomBlocked: Uint8Array;
  /** Planned lessons of a group's or a teacher's day (key `resource * days + day`), for the soft rules. */
  groupFixed: Map<number, DayItem[]>;
  teacherFixed: Map<number, DayItem[]>;
  /** For each demand, its group's school weeks (weeks with an open day), and how many there are. */
  demandWeeks: number[][];
}

export const cell = (ix: Indexed, resource: number, day: number, slot: number) => (resource * ix.days + day) * ix.slots + slot;

export function indexInstance(instance: Instance): Indexed {
  const days = instance.days.length;
  const slots = instance.slots.length;
  const indexOf = <T extends { id: string }>(items: T[]) => new Map(items.map((item, i) => [item.id, i]));
  const slotStart = Int32Array.from(instance.slots, (slot) => slot.start);
  const slotEnd = Int32Array.from(instance.slots, (slot) => slot.end);
  const slotOverlaps = instance.slots.map((a) => instance.slots.flatMap((b, j) => (a.start < b.end && b.start < a.end ? [j] : [])));
  const campusIndex = indexOf(instance.campuses);
  const groupIndex = indexOf(instance.groups);
  const teacherIndex = indexOf(instance.teachers);
  const roomIndex = indexOf(instance.rooms);
  const open = instance.groups.map((group) => {
    const flags = new Uint8Array(days);
    const closed = new Set(instance.campuses[campusIndex.get(group.campusId) ?? -1]?.closedDays ?? []);
    for (const day of group.schoolDays) if (day >= 0 && day < days && !closed.has(day)) flags[day] = 1;
    return flags;
  });
  const campusSlot = instance.campuses.map((campus) => Uint8Array.from(instance.slots, (slot) => (!slot.campusIds || slot.campusIds.includes(campus.id) ? 1 : 0)));
  const groupSlots = instance.groups.map((group) => {
    const flags = campusSlot[campusIndex.get(group.campusId) ?? -1];
    return instance.slots.flatMap((_slot, s) => (flags?.[s] ? [s] : []));
  });
  const demandGroup = Int32Array.from(instance.demands, (demand) => groupIndex.get(demand.groupId) ?? -1);
  const qualified = instance.demands.map((demand) => instance.teachers.flatMap((teacher, t) => (teacher.subjectIds.includes(demand.subjectId) ? [t] : [])));
  const fitting = instance.demands.map((demand) => {
    const group = instance.groups[groupIndex.get(demand.groupId) ?? -1];
    return group ? instance.rooms.flatMap((room, r) => (room.campusId === group.campusId && room.capacity >= group.size ? [r] : [])) : [];
  });
  const roomCampus = Int32Array.from(instance.rooms, (room) => campusIndex.get(room.campusId) ?? -1);
  const teacherBlocked = new Uint8Array(instance.teachers.length * days * slots);
  const groupBlocked = new Uint8Array(instance.groups.length * days * slots);
  const roomBlocked = new Uint8Array(instance.rooms.length * days * slots);
  const ix = { days, slots } as Indexed;
  const block = (flags: Uint8Array, resource: number | undefined, day: number, start: number, end: number) => {
    if (resource === undefined || day < 0 || day >= days) return;
    for (let s = 0; s < slots; s++) if (slotStart[s]! < end && start < slotEnd[s]!) flags[cell(ix, resource, day, s)] = 1;
  };
  const groupFixed = new Map<number, DayItem[]>();
  const teacherFixed = new Map<number, DayItem[]>();
  const push = (map: Map<number, DayItem[]>, key: number, item: DayItem) => map.set(key, [...(map.get(key) ?? []), item]);
  for (const fixed of instance.fixed) {
    const room = fixed.roomIds.length ? (roomIndex.get(fixed.roomIds[0]!) ?? -1) : -1;
    const item = { start: fixed.start, end: fixed.end, room };
    for (const id of fixed.groupIds) {
      block(groupBlocked, groupIndex.get(id), fixed.day, fixed.start, fixed.end);
      if (groupIndex.has(id)) push(groupFixed, groupIndex.get(id)! * days + fixed.day, item);
    }
    for (const id of fixed.teacherIds) {
      block(teacherBlocked, teacherIndex.get(id), fixed.day, fixed.start, fixed.end);
      if (teacherIndex.has(id)) push(teacherFixed, teacherIndex.get(id)! * days + fixed.day, item);
    }
    for (const id of fixed.roomIds) block(roomBlocked, roomIndex.get(id), fixed.day, fixed.start, fixed.end);
  }
  instance.teachers.forEach((teacher, t) => {
    for (const busy of teacher.unavailable) block(teacherBlocked, t, busy.day, busy.start, busy.end);
  });
  const demandWeeks = instance.demands.map((_demand, d) => {
    const flags = open[demandGroup[d]!];
    return flags ? [...new Set(instance.days.flatMap((day, i) => (flags[i] ? [day.week] : [])))].sort((a, b) => a - b) : [];
  });
  return Object.assign(ix, {
    instance, slotStart, slotEnd, slotMinutes: Int32Array.from(instance.slots, (slot) => slot.end - slot.start), slotOverlaps,
    slotIndex: indexOf(instance.slots), teacherIndex, roomIndex, groupIndex, demandIndex: indexOf(instance.demands), demandGroup, open, groupSlots, campusSlot,
    qualified, fitting, cap: Int32Array.from(instance.teachers, (teacher) => teacher.capMinutes), roomCampus, teacherBlocked, groupBlocked, roomBlocked,
    groupFixed, teacherFixed, demandWeeks,
  });
}
