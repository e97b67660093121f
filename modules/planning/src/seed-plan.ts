import crypto from 'node:crypto';
import { daysAround, demoSlots, isClosed } from './seed-calendar.js';
import { addDays, isoWeekday as weekday, mondayOf, parisWallClock } from './rules/lesson-time.js';
import { contractKey, type DemoContext } from './seed-context.js';
import type { CancellationType, LessonStatus, LessonType, RemoteMode } from './types.js';

// The demo term, planned in memory before any insert: every lesson sits on one of the day's four slots, and a
// (resource, day, slot) may be taken once, so the term is conflict-free by construction (the exclusion
// constraints would refuse it otherwise). No randomness: the same centre and day give the same term.

export interface PlannedGroup {
  id: string;
  campusId: string;
  trainingGroupId: string | null;
  parentId: string | null;
  name: string;
  lines: { subjectId: string; hours: number }[];
  registrationIds: string[];
}

export interface PlannedLesson {
  id: string;
  campusId: string;
  day: string;
  slot: number;
  startAt: string;
  endAt: string;
  subjectId: string;
  teacherId: string | null;
  contractId: string | null;
  roomId: string | null;
  groupId: string;
  lessonType: LessonType;
  remote: RemoteMode;
  status: LessonStatus;
  cancellationType: CancellationType | null;
  cancelDesc: string | null;
  description: string | null;
}

export interface PlannedConstraint { teacherId: string; allDay: boolean; startAt: string; endAt: string; description: string }
export interface PlannedBooking { roomId: string; campusId: string; startAt: string; endAt: string; title: string; description: string | null }
export interface PlannedWorkStudy { trainingGroupId: string; startDate: string; endDate: string; type: 'Entreprise' | 'Formation' }

export interface DemoTerm {
  days: string[];
  groups: PlannedGroup[];
  lessons: PlannedLesson[];
  constraints: PlannedConstraint[];
  bookings: PlannedBooking[];
  workStudies: PlannedWorkStudy[];
}

/** Working days planned: about eight weeks around today. */
export const DEMO_DAYS = 40;

/** Short labels of the sub-groups' parent, when the demo group is there. */
const subGroupParent = 'SIO1-SLAM-PAR';
const companyGroup = 'MCO1-LYO';

/** The first date after `from` (excluded) falling on an ISO weekday. */
function nextWeekday(from: string, isoWeekday: number): string {
  let day = addDays(from, 1);
  while (weekday(day) !== isoWeekday) day = addDays(day, 1);
  return day;
}

/** Subjects in the order lessons take them: each line as often as its hours weigh, interleaved. */
function subjectCycle(lines: { subjectId: string; hours: number }[]): string[] {
  const weights = lines.map((l) => Math.max(1, Math.round(l.hours / 50)));
  const cycle: string[] = [];
  for (let pass = 0; pass < Math.max(0, ...weights); pass++) lines.forEach((l, i) => pass < weights[i]! && cycle.push(l.subjectId));
  return cycle;
}

/** Slots (indexes of `demoSlots`) that a Paris period of a day overlaps. */
function slotsOverlapping(from: string, to: string): number[] {
  return demoSlots.flatMap(([start, end], i) => (start < to && from < end ? [i] : []));
}

export function planDemoTerm(ctx: DemoContext, newId: () => string = () => crypto.randomUUID()): DemoTerm {
  const today = ctx.today;
  // Days when every campus is closed (Christmas, summer) are left out, so the term keeps its length.
  const closedEverywhere = (day: string) => ctx.campuses.every((c) => isClosed(ctx.closures, c.id, day));
  const days = daysAround(today, ctx.session.startDate, ctx.session.endDate, DEMO_DAYS, closedEverywhere);

  // Planning groups: one per training group, and two practical-work halves of one of them.
  const mains: PlannedGroup[] = ctx.trainingGroups.map((tg) => ({
    id: newId(), campusId: tg.campusId, trainingGroupId: tg.id, parentId: null, name: tg.name, lines: tg.lines, registrationIds: tg.registrationIds,
  }));
  const subs: PlannedGroup[] = [];
  const parentIndex = Math.max(0, ctx.trainingGroups.findIndex((tg) => tg.shortName === subGroupParent));
  const parent = mains[parentIndex];
  if (parent && parent.lines.length) {
    const cda = ctx.subjects.get('CDA');
    const line = parent.lines.find((l) => l.subjectId === cda) ?? parent.lines[parent.lines.length - 1]!;
    const label = ctx.trainingGroups[parentIndex]!.shortName === subGroupParent ? 'SIO 1 SLAM' : ctx.trainingGroups[parentIndex]!.shortName;
    for (const [i, letter] of ['A', 'B'].entries()) {
      subs.push({
        id: newId(), campusId: parent.campusId, trainingGroupId: null, parentId: parent.id, name: `${label} – TP groupe ${letter}`,
        lines: [{ subjectId: line.subjectId, hours: Math.max(1, Math.round(line.hours / 2)) }],
        registrationIds: parent.registrationIds.filter((_, r) => r % 2 === i),
      });
    }
  }
  const groups = [...mains, ...subs];
  const family = (g: PlannedGroup) => [g.id, ...(g.parentId ? [g.parentId] : []), ...subs.filter((s) => s.parentId === g.id).map((s) => s.id)];
  const trainingGroupOf = (g: PlannedGroup) => g.trainingGroupId ?? groups.find((p) => p.id === g.parentId)?.trainingGroupId ?? null;
  const datesOf = new Map(ctx.trainingGroups.map((tg) => [tg.id, tg]));

  // Work-study: one training group goes to its companies for a week, after a training period.
  const workStudies: PlannedWorkStudy[] = [];
  const inCompany = new Set<string>();
  const company = ctx.trainingGroups.find((tg) => tg.shortName === companyGroup) ?? ctx.trainingGroups[ctx.trainingGroups.length - 1];
  if (company) {
    let start = addDays(mondayOf(today), 14);
    if (addDays(start, 4) > company.endDate) start = addDays(mondayOf(today), -14);
    const end = addDays(start, 4);
    if (company.startDate < start) workStudies.push({ trainingGroupId: company.id, startDate: company.startDate, endDate: addDays(start, -1), type: 'Formation' });
    workStudies.push({ trainingGroupId: company.id, startDate: start, endDate: end, type: 'Entreprise' });
    for (let day = start; day <= end; day = addDays(day, 1)) inCompany.add(`${company.id}|${day}`);
  }

  // Taken (resource, day, slot): the whole conflict model of a term on a fixed slot grid.
  const taken = new Set<string>();
  const key = (id: string, day: string, slot: number) => `${id}|${day}|${slot}`;
  const isFree = (ids: (string | null)[], day: string, slot: number) => ids.every((id) => !id || !taken.has(key(id, day, slot)));
  const take = (ids: (string | null)[], day: string, slot: number) => ids.forEach((id) => id && taken.add(key(id, day, slot)));

  // Trainer constraints, taken before the lessons so none is planned over them.
  const constraints: PlannedConstraint[] = [];
  const teacherNamed = (name: string) => ctx.teachers.find((t) => t.name === name);
  const timed = (name: string, day: string, from: string, to: string, description: string) => {
    const teacher = teacherNamed(name);
    if (!teacher) return;
    constraints.push({ teacherId: teacher.id, allDay: false, startAt: parisWallClock(day, from), endAt: parisWallClock(day, to), description });
    for (const slot of slotsOverlapping(from, to)) take([teacher.id], day, slot);
  };
  timed('Paul Rousseau', nextWeekday(today, 3), '13:30', '17:00', "Jury d'examen à l'académie");
  timed('Amélie Roche', nextWeekday(today, 1), '09:00', '12:30', "Disponible l'après-midi seulement");
  const sarah = teacherNamed('Sarah Blanc');
  if (sarah) {
    const thursday = addDays(mondayOf(today), 17);
    constraints.push({ teacherId: sarah.id, allDay: true, startAt: parisWallClock(thursday, '00:00'), endAt: parisWallClock(addDays(thursday, 2), '00:00'), description: 'Formation de formateurs' });
    for (const day of [thursday, addDays(thursday, 1)]) demoSlots.forEach((_, slot) => take([sarah.id], day, slot));
  }

  const lessons: PlannedLesson[] = [];
  const load = new Map<string, number>();
  const counters = new Map<string, number>();
  const cycles = new Map(groups.map((g) => [g.id, subjectCycle(g.lines)]));
  const remoteOnFriday = new Set(mains.filter((_, i) => ctx.trainingGroups[i]!.shortName.startsWith('RDC')).map((g) => g.id));

  const place = (group: PlannedGroup, homeIndex: number, day: string, slot: number, practical: boolean) => {
    const trainingGroupId = trainingGroupOf(group);
    const dates = trainingGroupId ? datesOf.get(trainingGroupId) : undefined;
    if (dates && (day < dates.startDate || day > dates.endDate)) return;
    if (trainingGroupId && inCompany.has(`${trainingGroupId}|${day}`)) return;
    if (isClosed(ctx.closures, group.campusId, day) || !isFree(family(group), day, slot)) return;
    const cycle = cycles.get(group.id)!;
    if (!cycle.length) return;
    const count = counters.get(group.id) ?? 0;
    const subjectId = cycle[count % cycle.length]!;

    // The teacher whose contract has the subject, else the least busy free teacher of the campus.
    const free = ctx.teachers.filter((t) => t.campusIds.includes(group.campusId) && isFree([t.id], day, slot));
    const byLoad = (a: { id: string }, b: { id: string }) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0);
    const contracted = free.filter((t) => ctx.contractLines.has(contractKey(t.id, group.campusId, subjectId))).sort(byLoad);
    const teacher = contracted[0] ?? [...free].sort(byLoad)[0] ?? null;
    const contractId = teacher ? (ctx.contractLines.get(contractKey(teacher.id, group.campusId, subjectId)) ?? null) : null;

    const remote: RemoteMode = remoteOnFriday.has(group.id) && weekday(day) === 5 && slot >= 2 ? 'remote' : !practical && lessons.length % 13 === 7 ? 'both' : 'present';
    const rooms = ctx.rooms.filter((r) => r.campusId === group.campusId);
    const ordered = [...rooms.slice(homeIndex % Math.max(1, rooms.length)), ...rooms.slice(0, homeIndex % Math.max(1, rooms.length))];
    const room = remote === 'remote' ? null : (ordered.find((r) => isFree([r.id], day, slot)) ?? null);

    take([group.id, teacher?.id ?? null, room?.id ?? null], day, slot);
    if (teacher) load.set(teacher.id, (load.get(teacher.id) ?? 0) + 1);
    counters.set(group.id, count + 1);
    const [from, to] = demoSlots[slot]!;
    lessons.push({
      id: newId(), campusId: group.campusId, day, slot, startAt: parisWallClock(day, from), endAt: parisWallClock(day, to), subjectId,
      teacherId: teacher?.id ?? null, contractId, roomId: room?.id ?? null, groupId: group.id,
      lessonType: practical ? 'practical' : count % 6 === 4 ? 'tutorial' : 'course', remote,
      status: 'active', cancellationType: null, cancelDesc: null, description: null,
    });
  };

  // A home room per group: the campus's rooms in turn.
  const homeOf = (group: PlannedGroup) => groups.filter((g) => g.campusId === group.campusId).indexOf(group);

  // Each group: one morning and one afternoon lesson a day, alternating slots; the halves fill the parent's gaps.
  days.forEach((day, d) => {
    for (let slot = 0; slot < demoSlots.length; slot++) {
      mains.forEach((group, g) => {
        const morning = (d + g) % 2;
        const afternoon = 2 + ((d + g + 1) % 2);
        if (slot === morning || slot === afternoon) place(group, homeOf(group), day, slot, false);
      });
      subs.forEach((group, s) => {
        const p = mains.findIndex((m) => m.id === group.parentId);
        const gap = s === 0 ? 1 - ((d + p) % 2) : 5 - (2 + ((d + p + 1) % 2));
        const onDay = s === 0 ? [2, 4].includes(weekday(day)) : [3, 5].includes(weekday(day));
        if (onDay && slot === gap) place(group, homeOf(group), day, slot, true);
      });
    }
  });

  // A mock exam per group the week after next, locked; two lessons cancelled in the coming days (near the
  // end of the session, when no such day is left, the term's last days stand in for them).
  const ofGroup = (group: PlannedGroup) => lessons.filter((l) => l.groupId === group.id);
  for (const group of mains) {
    const own = ofGroup(group);
    const exam = own.find((l) => l.day >= addDays(today, 7)) ?? own[own.length - 1];
    if (exam) Object.assign(exam, { lessonType: 'exam', status: 'locked', description: 'Examen blanc' });
  }
  const upcoming = (group: PlannedGroup | undefined, nth: number) => {
    const active = group ? ofGroup(group).filter((l) => l.status === 'active') : [];
    const days = [...new Set(active.map((l) => l.day))];
    const ahead = days.filter((day) => day > today);
    const day = ahead.length > nth ? ahead[nth] : days[days.length - 1 - nth];
    return active.find((l) => l.day === day);
  };
  const first = mains[0];
  const elsewhere = mains.find((g) => g.campusId !== first?.campusId);
  const cancel = (lesson: PlannedLesson | undefined, type: CancellationType, why: string) => lesson && Object.assign(lesson, { status: 'cancelled', cancellationType: type, cancelDesc: why });
  cancel(upcoming(first, 0), 'disease', 'Formateur absent (maladie)');
  cancel(upcoming(elsewhere, 1), 'school-initiative', 'Salle indisponible : travaux');

  // Bookings in rooms left free at those times.
  const bookings: PlannedBooking[] = [];
  const ahead = days.filter((day) => day > today);
  const after = ahead.length >= 3 ? ahead : days;
  const book = (roomName: string, campus: string, slots: number[], times: [string, string], from: number, title: string, description: string | null) => {
    const campusId = ctx.campuses.find((c) => c.name === campus)?.id ?? ctx.campuses[0]?.id;
    const named = ctx.rooms.find((r) => r.name === roomName && r.campusId === campusId);
    const candidates = [...(named ? [named] : []), ...ctx.rooms.filter((r) => r.campusId === campusId && r !== named)];
    const freeOn = (room: (typeof candidates)[number]) => after.slice(from).find((d) => !isClosed(ctx.closures, room.campusId, d) && slots.every((slot) => isFree([room.id], d, slot)));
    const room = candidates.find((r) => freeOn(r));
    const day = room && freeOn(room);
    if (!room || !day) return;
    bookings.push({ roomId: room.id, campusId: room.campusId, startAt: parisWallClock(day, times[0]), endAt: parisWallClock(day, times[1]), title, description });
    slots.forEach((slot) => take([room.id], day, slot));
  };
  book('Amphi B', 'Paris', [], ['17:30', '19:30'], 0, "Réunion d'information alternance", 'Présentation de l’alternance aux familles et aux entreprises.');
  book('A201', 'Paris', [2, 3], ['13:30', '17:00'], 1, 'Jury BTS blanc', null);
  book('Labo', 'Lyon', [0], ['09:00', '10:30'], 2, 'Maintenance des postes', 'Mise à jour des machines du laboratoire.');

  return { days, groups, lessons, constraints, bookings, workStudies };
}
