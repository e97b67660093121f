import { seededRandom } from './random.js';
import type { Busy, Day, Demand, FixedLesson, Group, Instance, PlacedLesson, Room, Slot, Teacher } from './types.js';

// Instances with a PLANTED timetable, for the tests and the bench: a full timetable is built first (every lesson keeps
// every hard rule), then a share of its lessons is removed and becomes the hours to place, so a complete placement is
// known to exist: the removed lessons themselves. Teachers' unavailabilities and contract caps are drawn around the
// planted timetable, so they bind without making it wrong.

export interface GenerateOptions {
  seed: number;
  groups: number;
  weeks: number;
  campuses?: number;
  subjectsPerGroup?: number;
  /** Share of a group's open slots the planted timetable fills. */
  fill?: number;
  /** Share of the planted lessons removed: their hours are the demands; the others stay as planned lessons. */
  removed?: number;
  teachersPerGroup?: number;
  /** Chance that a teacher is unavailable at a slot they do not teach in the planted timetable. */
  unavailable?: number;
}

export interface Generated {
  instance: Instance;
  /** The removed lessons: a complete placement of every demand. */
  planted: PlacedLesson[];
}

const subjectNames = ['Anglais', 'Mathématiques', 'Économie', 'Droit', 'Management', 'Marketing', 'Français', 'Culture générale', 'Informatique', 'Gestion', 'Espagnol', 'Communication'];
const slots: Slot[] = [
  { id: 's1', start: 8 * 60 + 30, end: 10 * 60 + 30 },
  { id: 's2', start: 10 * 60 + 45, end: 12 * 60 + 45 },
  { id: 's3', start: 13 * 60 + 45, end: 15 * 60 + 45 },
  { id: 's4', start: 16 * 60, end: 17 * 60 + 30 },
];

/** Monday 4 January 2027 and the weekdays of the weeks after it. */
function weekdays(weeks: number): Day[] {
  const first = Date.UTC(2027, 0, 4);
  return Array.from({ length: weeks * 5 }, (_v, i) => {
    const week = Math.floor(i / 5);
    const date = new Date(first + (week * 7 + (i % 5)) * 86_400_000).toISOString().slice(0, 10);
    return { date, week, weekday: (i % 5) + 1 };
  });
}

export function generateInstance(options: GenerateOptions): Generated {
  const random = seededRandom(options.seed);
  const days = weekdays(options.weeks);
  const campusCount = options.campuses ?? 1;
  const campuses = Array.from({ length: campusCount }, (_v, c) => ({ id: `c${c}`, name: ['Lyon', 'Paris', 'Nantes', 'Lille', 'Rennes'][c % 5]! + (c >= 5 ? ` ${c}` : ''), closedDays: [random.int(days.length)] }));
  const subjects = subjectNames.slice(0, Math.max(options.subjectsPerGroup ?? 6, 8)).map((name, s) => ({ id: `sub${s}`, name }));
  const groups: Group[] = Array.from({ length: options.groups }, (_v, g) => {
    const campus = campuses[g % campusCount]!;
    const rhythm = random.int(2);
    const offset = random.int(3);
    const weekly = random.shuffle([1, 2, 3, 4, 5]).slice(0, 3);
    const schoolDays = days.flatMap((day, i) => ((rhythm === 0 ? (day.week + offset) % 3 !== 2 : weekly.includes(day.weekday)) ? [i] : []));
    return { id: `g${g}`, name: `BTS ${['MCO', 'NDRC', 'GPME', 'SIO'][g % 4]} ${g + 1}`, size: 12 + random.int(21), campusId: campus.id, schoolDays };
  });
  const teachers: Teacher[] = Array.from({ length: Math.max(4, Math.ceil(options.groups * (options.teachersPerGroup ?? 1.5))) }, (_v, t) => ({
    id: `t${t}`, name: `Teacher ${t + 1}`, subjectIds: random.shuffle(subjects.map((s) => s.id)).slice(0, 2 + random.int(2)), unavailable: [], capMinutes: 0,
  }));
  // Every subject has at least two qualified teachers.
  for (const subject of subjects) {
    while (teachers.filter((t) => t.subjectIds.includes(subject.id)).length < 2) {
      const teacher = random.pick(teachers);
      if (!teacher.subjectIds.includes(subject.id)) teacher.subjectIds.push(subject.id);
    }
  }
  const rooms: Room[] = campuses.flatMap((campus) => {
    const onCampus = groups.filter((group) => group.campusId === campus.id).length;
    return Array.from({ length: Math.ceil(onCampus * 1.2) + 1 }, (_v, r) => ({ id: `${campus.id}r${r}`, name: `Salle ${r + 1}`, capacity: r === 0 ? 36 : 16 + random.int(21), campusId: campus.id }));
  });
  const groupSubjects = groups.map(() => random.shuffle([...subjects]).slice(0, options.subjectsPerGroup ?? 6));
  // The planted timetable: each open slot of each group, with chance `fill`, a subject with a free qualified teacher
  // and a free room big enough on the group's campus.
  const busy = new Set<string>();
  const lessons: (PlacedLesson & { groupId: string })[] = [];
  const fill = options.fill ?? 0.7;
  days.forEach((_day, d) => {
    for (const [g, group] of random.shuffle(groups.map((group, g) => [g, group] as const))) {
      if (!group.schoolDays.includes(d) || campuses.find((c) => c.id === group.campusId)!.closedDays.includes(d)) continue;
      for (const slot of slots) {
        if (random.next() >= fill) continue;
        const subject = random.pick(groupSubjects[g]!);
        const teacher = random.shuffle(teachers.filter((t) => t.subjectIds.includes(subject.id))).find((t) => !busy.has(`${t.id} ${d} ${slot.id}`));
        const room = random.shuffle(rooms.filter((r) => r.campusId === group.campusId && r.capacity >= group.size)).find((r) => !busy.has(`${r.id} ${d} ${slot.id}`));
        if (!teacher || !room) continue;
        busy.add(`${teacher.id} ${d} ${slot.id}`);
        busy.add(`${room.id} ${d} ${slot.id}`);
        lessons.push({ demandId: `${group.id}:${subject.id}`, day: d, slotId: slot.id, teacherId: teacher.id, roomId: room.id, groupId: group.id });
      }
    }
  });
  for (const teacher of teachers) {
    const unavailable: Busy[] = [];
    days.forEach((_day, d) => {
      for (const slot of slots) if (!busy.has(`${teacher.id} ${d} ${slot.id}`) && random.next() < (options.unavailable ?? 0.3)) unavailable.push({ day: d, start: slot.start, end: slot.end });
    });
    teacher.unavailable = unavailable;
  }
  random.shuffle(lessons);
  const cut = Math.round(lessons.length * (options.removed ?? 1));
  const slotOf = new Map(slots.map((slot) => [slot.id, slot]));
  const planted = lessons.slice(0, cut).map(({ groupId: _g, ...lesson }) => lesson);
  const fixed: FixedLesson[] = lessons.slice(cut).map((lesson, i) => ({
    id: `f${i}`, day: lesson.day, start: slotOf.get(lesson.slotId)!.start, end: slotOf.get(lesson.slotId)!.end, groupIds: [lesson.groupId], teacherIds: [lesson.teacherId], roomIds: [lesson.roomId],
  }));
  const minutes = (lesson: PlacedLesson) => slotOf.get(lesson.slotId)!.end - slotOf.get(lesson.slotId)!.start;
  const demandMinutes = new Map<string, number>();
  for (const lesson of planted) demandMinutes.set(lesson.demandId, (demandMinutes.get(lesson.demandId) ?? 0) + minutes(lesson));
  const demands: Demand[] = [...demandMinutes].sort(([a], [b]) => a.localeCompare(b)).map(([id, remainingMinutes]) => {
    const [groupId, subjectId] = id.split(':') as [string, string];
    return { id, groupId, subjectId, subjectName: subjects.find((s) => s.id === subjectId)!.name, remainingMinutes };
  });
  for (const teacher of teachers) {
    const taught = planted.filter((lesson) => lesson.teacherId === teacher.id).reduce((sum, lesson) => sum + minutes(lesson), 0);
    teacher.capMinutes = taught + 60 * random.int(5);
  }
  return { instance: { days, slots, campuses, groups, teachers, rooms, demands, fixed, pinned: [] }, planted };
}
