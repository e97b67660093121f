import { describe, expect, it } from 'vitest';
import { closedDaysOf } from './ClosedDaysWarning';
import { runOutcome } from '../../staff/operations';
import type { Operation } from './api';

const paris = { uuid: 'p', name: 'Paris', openDays: [1, 2, 3, 4, 5] };
const lyon = { uuid: 'l', name: 'Lyon', openDays: [1, 2, 3, 4, 5, 6] };

describe('closed days of a mass creation', () => {
  it('names each closed day and why: a closed weekday per campus, a closure of a campus, a public holiday', () => {
    const closure = { uuid: 'c', startDate: '2026-12-28', endDate: '2026-12-29', type: 'holidays', name: 'Pont', campus: { uuid: 'l', name: 'Lyon' } };
    const holiday = { date: '2026-12-25', key: 'christmas', name: 'Noël' };
    const days = closedDaysOf(['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-28', '2026-12-30'], [paris, lyon], [closure], [holiday]);
    expect(days).toEqual([
      { date: '2026-12-25', reasons: [{ campus: '', why: 'holiday', name: 'Noël' }] },
      { date: '2026-12-26', reasons: [{ campus: 'Paris', why: 'weekday', name: '' }] },
      { date: '2026-12-28', reasons: [{ campus: 'Lyon', why: 'closure', name: 'Pont', type: 'holidays' }] },
    ]);
  });
});

describe('how a run ended', () => {
  const run = (over: Partial<Operation>): Operation => ({
    id: 'o', workflowId: 'w', kind: 'planning.bulkCreateLessons', subject: 's', campusId: null, startedBy: null, startedAt: '', closedAt: null,
    status: 'completed', progress: { done: 4, total: 4 }, items: [], error: null, result: null, undoneBy: null, canCancel: false, ...over,
  });
  it('is "nothing" when nothing was created or changed, or there was nothing to do; never done', () => {
    expect(runOutcome(run({ result: { runId: 'r', counts: { skipped: 4 }, undoable: false } }))).toBe('nothing');
    expect(runOutcome(run({ progress: { done: 0, total: 0 }, result: null }))).toBe('nothing');
    expect(runOutcome(run({ result: { runId: 'r', counts: { created: 2, conflict: 2 }, undoable: true } }))).toBe('partial');
    expect(runOutcome(run({ result: { runId: 'r', counts: { created: 4 }, undoable: true } }))).toBe('done');
    expect(runOutcome(run({ status: 'running' }))).toBeNull();
  });
});
