import { describe, expect, it } from 'vitest';
import { computeReportCards, round2 } from './rules.js';

const elements = [
  { id: 'cc', name: 'Contrôle continu', coefficient: 1 },
  { id: 'exam', name: 'Examen blanc', coefficient: 2 },
  { id: 'tp', name: 'Épreuve pratique', coefficient: 1.5 },
];

describe('report-card averages', () => {
  it('rounds to 2 decimals, halves up, without binary noise', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(12.345)).toBe(12.35);
    expect(round2(12.344999)).toBe(12.34);
    expect(round2(2 / 3)).toBe(0.67);
    expect(round2(20)).toBe(20);
  });

  it('weighs subject averages by exam coefficients and the general average by grade scale coefficients', () => {
    const [card] = computeReportCards(elements, ['s1'], [
      // cc: (12×1 + 15×2) / 3 = 14
      { studentId: 's1', elementId: 'cc', weighted: 12 * 1 + 15 * 2, weight: 3 },
      // exam: 10.5
      { studentId: 's1', elementId: 'exam', weighted: 10.5, weight: 1 },
      // tp: (13 + 14 + 16) / 3 = 14.333…
      { studentId: 's1', elementId: 'tp', weighted: 43, weight: 3 },
    ]);
    expect(card!.subjects).toEqual([
      { elementId: 'cc', average: 14 },
      { elementId: 'exam', average: 10.5 },
      { elementId: 'tp', average: 14.33 },
    ]);
    // (14×1 + 10.5×2 + 14.3333×1.5) / 4.5 = 12.5555… → 12.56 (the rounded 14.33 would give 12.55)
    expect(card!.general).toBe(12.56);
  });

  it('leaves an element without counted marks out of the general average, and a student without marks unranked', () => {
    const cards = computeReportCards(elements, ['s1', 's2'], [{ studentId: 's1', elementId: 'exam', weighted: 0, weight: 2 }]);
    expect(cards[0]!.subjects.map((s) => s.average)).toEqual([null, 0, null]);
    expect(cards[0]!.general).toBe(0);
    expect(cards[0]!.rank).toBe(1);
    expect(cards[1]).toEqual({ studentId: 's2', subjects: elements.map((e) => ({ elementId: e.id, average: null })), general: null, rank: null });
  });

  it('ranks by general average, equal averages sharing a rank', () => {
    const sums = (id: string, mark: number) => ({ studentId: id, elementId: 'cc', weighted: mark, weight: 1 });
    const cards = computeReportCards(elements, ['a', 'b', 'c', 'd'], [sums('a', 12), sums('b', 15), sums('c', 12), sums('d', 9)]);
    expect(cards.map((c) => [c.studentId, c.rank])).toEqual([['a', 2], ['b', 1], ['c', 2], ['d', 4]]);
  });
});
