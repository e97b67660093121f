import { checkProposal, generateInstance, greedyFirstFit, softScore, solve, type Generated, type Proposal } from '@alterna/placement';
import { placementOptimum, UNPLACED_PER_HOUR } from './placement-milp.js';
import type { Figure } from './stats.js';

// Automatic placement (issue #29) on instances with a PLANTED timetable: a full feasible timetable is built, then its
// lessons removed, so a complete placement is known to exist. The solver is pure (no database): these figures are the
// search alone. Time to place every hour against its target; soft score (lower is better) against the planted
// timetable's and against a greedy first fit, in the same run.

const log = (message: string) => console.log(`[bench] ${message}`);
const hours = (minutes: number) => (minutes / 60).toFixed(0);

interface Case {
  label: string;
  generated: Generated;
  budgetMs: number;
  /** The time every hour must be placed within (s). */
  targetS: number;
}

async function measureCase({ label, generated, budgetMs, targetS }: Case): Promise<Figure[]> {
  const { instance, planted } = generated;
  const heapBefore = process.memoryUsage().heapUsed;
  const greedyStarted = performance.now();
  const greedy = greedyFirstFit(instance);
  const greedyMs = performance.now() - greedyStarted;
  const slot = new Map(instance.slots.map((s) => [s.id, s.end - s.start]));
  const greedyMinutes = greedy.reduce((sum, lesson) => sum + slot.get(lesson.slotId)!, 0);
  let lastLog = 0;
  let heapPeak = heapBefore;
  const proposal: Proposal = await solve(instance, {
    seed: 1, timeBudgetMs: budgetMs, progressEveryMs: 500,
    onProgress: (p) => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      if (p.elapsedMs - lastLog < 10_000) return;
      lastLog = p.elapsedMs;
      log(`  ${label}: ${hours(p.placedMinutes)}/${hours(p.targetMinutes)} h placed, best soft score ${p.bestScore.toFixed(0)}, ${(p.elapsedMs / 1000).toFixed(0)} s`);
    },
  });
  // The heap's highest point seen (every half second) over where it started: garbage collection makes one reading noisy.
  const heapMb = (Math.max(heapPeak, process.memoryUsage().heapUsed) - heapBefore) / 1e6;
  const violations = checkProposal(instance, proposal.lessons).length;
  const plantedScore = softScore(instance, planted).total;
  const greedyScore = softScore(instance, greedy).total;
  const complete = proposal.placedMinutes === proposal.targetMinutes;
  const facts = `${instance.groups.length} group(s), ${instance.days.length / 5} weeks, ${instance.teachers.length} teachers, ${instance.rooms.length} rooms, `
    + `${planted.length} planted lessons (${hours(proposal.targetMinutes)} h); solver placed ${hours(proposal.placedMinutes)} h, ${violations} hard violations, `
    + `${proposal.iterations} moves in ${(proposal.elapsedMs / 1000).toFixed(1)} s, heap peak +${heapMb.toFixed(0)} MB; greedy placed ${hours(greedyMinutes)} h in ${greedyMs.toFixed(0)} ms`;
  const broken = violations ? `${violations} hard violations` : undefined;
  return [
    {
      name: `placement ${label}: time to place every hour (vs its target, ${targetS} s)`,
      value: complete && proposal.completeAfterMs !== null ? proposal.completeAfterMs / 1000 : null, baseline: targetS, unit: 's', target: 1,
      ...(broken ? { missing: broken } : complete ? {} : { missing: `${hours(proposal.targetMinutes - proposal.placedMinutes)} h left unplaced` }),
      note: facts,
    },
    {
      name: `placement ${label}: soft score vs the planted timetable's (lower is better)`,
      value: proposal.score.total, baseline: plantedScore, unit: 'points', target: 1, ...(broken ? { missing: broken } : {}),
      note: `solver's parts ${JSON.stringify(Object.fromEntries(Object.entries(proposal.score.parts).map(([k, v]) => [k, Math.round(v)])))}`,
    },
    {
      name: `placement ${label}: soft score vs greedy first fit (lower is better)`,
      value: proposal.score.total, baseline: greedyScore, unit: 'points', target: 1, ...(broken ? { missing: broken } : {}),
      note: `greedy placed ${hours(greedyMinutes)} of ${hours(proposal.targetMinutes)} h (the ratio compares scores of unequal placements when it did not place them all)`,
    },
  ];
}

/**
 * One group for one term (target 5 s), one campus of 20 groups for one term (target 60 s, on this 2-core machine), and
 * the large centre, 10 campuses, 100 groups and 400 teachers (target 10 minutes; searched for 2 minutes, the soft score
 * is the one it reached then). Each search runs to its budget: the soft score keeps improving after every hour is placed.
 */
export async function measurePlacement(): Promise<Figure[]> {
  const cases: Case[] = [
    { label: '1 group, 1 term', generated: generateInstance({ seed: 1, groups: 1, weeks: 13 }), budgetMs: 5_000, targetS: 5 },
    { label: '1 campus, 20 groups, 1 term', generated: generateInstance({ seed: 1, groups: 20, weeks: 13 }), budgetMs: 60_000, targetS: 60 },
    {
      label: '10 campuses, 100 groups, 400 teachers, 1 term',
      generated: generateInstance({ seed: 1, groups: 100, weeks: 13, campuses: 10, teachersPerGroup: 4 }), budgetMs: 120_000, targetS: 600,
    },
  ];
  const figures: Figure[] = [];
  for (const c of cases) {
    log(`placement: ${c.label}…`);
    figures.push(...(await measureCase(c)));
  }
  log('placement: small instances against a MILP (HiGHS)…');
  figures.push(await measureGap());
  return figures;
}

/**
 * The search's cost (unplaced hours weighed as it weighs them, plus the soft score) against the MILP's on six small
 * planted instances (one group, two weeks): the optimum where HiGHS proves it within its limit, else its best found.
 */
async function measureGap(): Promise<Figure> {
  const name = 'placement small instances (1 group, 2 weeks): solver cost vs a MILP\'s (HiGHS, 20 s each)';
  const lines: string[] = [];
  let [solverTotal, milpTotal, proven] = [0, 0, 0];
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const { instance, planted } = generateInstance({ seed, groups: 1, weeks: 2, subjectsPerGroup: 3, fill: 0.5, unavailable: 0.5 });
    const slot = new Map(instance.slots.map((s) => [s.id, s.end - s.start]));
    const cost = (lessons: { slotId: string }[], soft: number) =>
      soft + ((instance.demands.reduce((sum, d) => sum + d.remainingMinutes, 0) - lessons.reduce((sum, l) => sum + slot.get(l.slotId)!, 0)) * UNPLACED_PER_HOUR) / 60;
    const optimum = await placementOptimum(instance, 20);
    const proposal = await solve(instance, { seed: 1, timeBudgetMs: 2_000 });
    const violations = checkProposal(instance, optimum.lessons).length;
    const milpCost = cost(optimum.lessons, softScore(instance, optimum.lessons).total);
    const solverCost = cost(proposal.lessons, proposal.score.total);
    const optimal = optimum.status === 'Optimal';
    if (optimal) proven++;
    solverTotal += solverCost;
    milpTotal += milpCost;
    const gap = optimal ? (milpCost ? `gap ${(((solverCost - milpCost) / milpCost) * 100).toFixed(1)} %` : `gap ${solverCost ? '∞' : '0'} %`) : 'not proven';
    lines.push(`#${seed} ${planted.length} lessons: solver ${solverCost.toFixed(1)}, MILP ${milpCost.toFixed(1)} (${optimum.status}, ${optimum.seconds.toFixed(1)} s, ${violations} violations), ${gap}`);
  }
  return {
    name, value: solverTotal, baseline: milpTotal, unit: 'points', target: 1,
    note: `HiGHS proved the optimum on ${proven} of 6; ${lines.join('; ')}`,
  };
}
