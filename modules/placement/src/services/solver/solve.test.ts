import { describe, expect, it } from 'vitest';
import { checkProposal } from './checker.js';
import { generateInstance } from './generate.js';
import { solve } from './solve.js';
import { demand, room, teacher, tinyInstance } from './tiny.js';
import type { Instance, PlacedLesson, Proposal } from './types.js';

// Every hard rule, each on an instance where breaking it would place more hours: the proposal never does, and the
// independent checker finds nothing. Then random planted instances, the seed, cancel and budget, pinned lessons.

const hours = (proposal: Proposal, demandId: string) => proposal.lessons.filter((l) => l.demandId === demandId).length * 2;
const run = (instance: Instance, seed = 1) => solve(instance, { seed, maxIterations: 3000 });

const second = { id: 'ndrc1', name: 'BTS NDRC 1', size: 24, campusId: 'lyon', schoolDays: [0, 1, 2, 3, 4] };

describe('placement: hard rules a proposal never breaks', () => {
  const cases: [string, Instance, (p: Proposal) => void][] = [
    ['a teacher in two places at once', tinyInstance({ groups: [tinyInstance().groups[0]!, second], demands: [demand('en', 18), demand('en', 18, 'ndrc1')] }),
      (p) => expect(hours(p, 'mco1:en') + hours(p, 'ndrc1:en')).toBe(30)],
    ['a group in two lessons at once', tinyInstance({ demands: [demand('en', 20), demand('ma', 20)] }),
      (p) => expect(hours(p, 'mco1:en') + hours(p, 'mco1:ma')).toBe(30)],
    ['a room holding two groups', tinyInstance({ groups: [tinyInstance().groups[0]!, second], teachers: [teacher('alice', ['en']), teacher('ann', ['en'])], demands: [demand('en', 20), demand('en', 20, 'ndrc1')] }),
      (p) => expect(hours(p, 'mco1:en') + hours(p, 'ndrc1:en')).toBe(30)],
    ['a teacher not qualified', tinyInstance({ demands: [demand('en', 4), demand('es', 4)] }), (p) => expect(hours(p, 'mco1:es')).toBe(0)],
    ['an unavailable teacher', tinyInstance({ teachers: [teacher('alice', ['en'], { unavailable: [0, 1, 2].map((day) => ({ day, start: 0, end: 24 * 60 })) })], demands: [demand('en', 18)] }),
      (p) => {
        expect(hours(p, 'mco1:en')).toBe(12);
        expect(p.lessons.every((l) => l.day >= 3)).toBe(true);
      }],
    ['a room too small', tinyInstance({ rooms: [room('small', 12)] }), (p) => expect(p.lessons).toEqual([])],
    ['a room of another campus', tinyInstance({ rooms: [room('paris', 40, 'paris')] }), (p) => expect(p.lessons).toEqual([])],
    ['a company day', tinyInstance({ groups: [{ ...tinyInstance().groups[0]!, schoolDays: [0, 1] }], demands: [demand('en', 20)] }),
      (p) => {
        expect(hours(p, 'mco1:en')).toBe(12);
        expect(p.lessons.every((l) => l.day <= 1)).toBe(true);
      }],
    ['a closure', tinyInstance({ campuses: [{ id: 'lyon', name: 'Lyon', closedDays: [0, 1, 2, 3] }], demands: [demand('en', 20)] }),
      (p) => expect(p.lessons.map((l) => l.day)).toEqual([4, 4, 4])],
    ['a time slot of another campus\'s model', tinyInstance({
      slots: [{ id: 'lyon', start: 8 * 60, end: 10 * 60, campusIds: ['lyon'] }, { id: 'paris', start: 10 * 60, end: 12 * 60, campusIds: ['paris'] }],
      demands: [demand('en', 20)],
    }), (p) => expect(p.lessons.map((l) => l.slotId)).toEqual(['lyon', 'lyon', 'lyon', 'lyon', 'lyon'])],
    ['a contract cap', tinyInstance({ teachers: [teacher('alice', ['en'], { capMinutes: 240 })], demands: [demand('en', 10)] }), (p) => expect(hours(p, 'mco1:en')).toBe(4)],
    ['more than the remaining hours', tinyInstance({ demands: [demand('en', 3)] }), (p) => expect(hours(p, 'mco1:en')).toBe(2)],
    ['lessons already planned', tinyInstance({
      demands: [demand('en', 30)],
      fixed: [
        { id: 'f1', day: 0, start: 8 * 60, end: 12 * 60, groupIds: ['other'], teacherIds: ['alice'], roomIds: [] },
        { id: 'f2', day: 1, start: 9 * 60, end: 17 * 60, groupIds: ['mco1'], teacherIds: [], roomIds: [] },
        { id: 'f3', day: 2, start: 8 * 60, end: 17 * 60, groupIds: [], teacherIds: [], roomIds: ['big'] },
      ],
    }), (p) => expect(hours(p, 'mco1:en')).toBe(14)],
  ];

  it.each(cases)('never %s', async (_name, instance, expectation) => {
    const proposal = await run(instance);
    expect(checkProposal(instance, proposal.lessons)).toEqual([]);
    expectation(proposal);
  });

  it('breaks none over random small planted instances, and never places more than a subject\'s remaining hours', async () => {
    for (let seed = 1; seed <= 24; seed++) {
      const { instance } = generateInstance({ seed, groups: 1 + (seed % 3), weeks: 2 + (seed % 3), removed: 0.5 + (seed % 5) / 10, campuses: 1 + (seed % 2) });
      const proposal = await solve(instance, { seed, maxIterations: 2000 });
      expect(checkProposal(instance, proposal.lessons), `seed ${seed}`).toEqual([]);
      const slot = new Map(instance.slots.map((s) => [s.id, s.end - s.start]));
      for (const d of instance.demands) {
        const placed = proposal.lessons.filter((l) => l.demandId === d.id).reduce((sum, l) => sum + slot.get(l.slotId)!, 0);
        expect(placed, `seed ${seed} ${d.id}`).toBeLessThanOrEqual(d.remainingMinutes);
      }
      expect(proposal.placedMinutes).toBeLessThanOrEqual(proposal.targetMinutes);
    }
  });
});

describe('placement: the search', () => {
  const { instance } = generateInstance({ seed: 3, groups: 3, weeks: 4 });

  it('gives the same proposal for the same seed and move budget', async () => {
    const [a, b] = [await solve(instance, { seed: 5, maxIterations: 4000 }), await solve(instance, { seed: 5, maxIterations: 4000 })];
    expect(b.lessons).toEqual(a.lessons);
    expect(b.score).toEqual(a.score);
    expect(a.iterations).toBeGreaterThanOrEqual(4000);
  });

  it('keeps the best proposal found when cancelled', async () => {
    const controller = new AbortController();
    const seen: { placed: number; score: number }[] = [];
    const proposal = await solve(instance, {
      seed: 2, timeBudgetMs: 60_000, progressEveryMs: 0, signal: controller.signal,
      onProgress: (progress) => {
        seen.push({ placed: progress.placedMinutes, score: progress.bestScore });
        if (seen.length === 3) controller.abort();
      },
    });
    expect(proposal.stoppedBy).toBe('cancelled');
    expect(checkProposal(instance, proposal.lessons)).toEqual([]);
    const before = seen[2]!;
    expect(proposal.placedMinutes).toBeGreaterThanOrEqual(before.placed);
    if (proposal.placedMinutes === before.placed) expect(proposal.score.total).toBeLessThanOrEqual(before.score + 1e-6);
  });

  it('stops its construction too when cancelled, answering what it had placed', async () => {
    const controller = new AbortController();
    controller.abort();
    const proposal = await solve(instance, { seed: 2, signal: controller.signal });
    expect(proposal).toMatchObject({ stoppedBy: 'cancelled', iterations: 0, lessons: [] });
    expect(proposal.explanations.map((e) => e.reason)).toEqual(instance.demands.map(() => 'stopped'));
  });

  it('stops at its time budget with the best proposal found, reporting progress on the way', async () => {
    let clock = 0;
    const progress: number[] = [];
    const proposal = await solve(instance, { seed: 2, timeBudgetMs: 400, now: () => (clock += 2), progressEveryMs: 50, onProgress: (p) => progress.push(p.placedMinutes) });
    expect(proposal.stoppedBy).toBe('budget');
    expect(progress.length).toBeGreaterThan(2);
    expect(proposal.placedMinutes).toBeGreaterThanOrEqual(Math.max(...progress.slice(0, -1)));
    expect(checkProposal(instance, proposal.lessons)).toEqual([]);
  });

  it('keeps pinned lessons where they are, and drops a pinned lesson that breaks a rule', async () => {
    const pinned: PlacedLesson[] = [
      { demandId: 'mco1:ma', day: 4, slotId: 'pm', teacherId: 'bob', roomId: 'big', pinned: true },
      { demandId: 'mco1:en', day: 4, slotId: 'am1', teacherId: 'bob', roomId: 'big', pinned: true },
    ];
    const proposal = await run(tinyInstance({ pinned }));
    expect(proposal.lessons).toContainEqual(pinned[0]);
    expect(proposal.droppedPins).toEqual([pinned[1]]);
    expect(hours(proposal, 'mco1:ma')).toBe(4);
  });
});
