// Report-card arithmetic (SPEC §3 report card, §5 grade scale coefficients), pure so the web and the server agree.

/** Rounds to 2 decimals, halves away from zero, without binary noise (1.005 → 1.01). */
export function round2(value: number): number {
  return Math.sign(value) * Math.round(Number(`${Math.abs(value)}e2`)) / 100;
}

/** A grade scale element: a report card's subject line, weighted by its coefficient. */
export interface ScaleElement {
  id: string;
  name: string;
  coefficient: number;
}

/** What one statement gives per student and element: the marks weighted by their exams' coefficients, and the weights. */
export interface ElementSums {
  studentId: string;
  elementId: string;
  /** Σ mark × exam coefficient (absent counts 0; excused is left out). */
  weighted: number;
  /** Σ exam coefficients of the counted marks. */
  weight: number;
}

export interface SubjectAverage {
  elementId: string;
  /** Rounded to 2 decimals; null without a counted mark. */
  average: number | null;
}

export interface ComputedReportCard {
  studentId: string;
  subjects: SubjectAverage[];
  /** Σ average × element coefficient / Σ coefficients of the elements that have an average, rounded to 2 decimals. */
  general: number | null;
  /** 1 for the best general average of the group; equal averages share a rank; null without an average. */
  rank: number | null;
}

/**
 * The report cards of a group from the per-element sums. The general average weighs the unrounded subject averages
 * (rounding each first would drift by up to 0.005 × Σcoef), then rounds once.
 */
export function computeReportCards(elements: ScaleElement[], studentIds: string[], sums: ElementSums[]): ComputedReportCard[] {
  const byStudent = new Map<string, Map<string, ElementSums>>();
  for (const sum of sums) {
    if (!byStudent.has(sum.studentId)) byStudent.set(sum.studentId, new Map());
    byStudent.get(sum.studentId)!.set(sum.elementId, sum);
  }
  const cards = studentIds.map((studentId): ComputedReportCard => {
    const mine = byStudent.get(studentId);
    let weighted = 0;
    let weight = 0;
    const subjects = elements.map((element) => {
      const sum = mine?.get(element.id);
      if (!sum || sum.weight <= 0) return { elementId: element.id, average: null };
      const average = sum.weighted / sum.weight;
      weighted += average * element.coefficient;
      weight += element.coefficient;
      return { elementId: element.id, average: round2(average) };
    });
    return { studentId, subjects, general: weight > 0 ? round2(weighted / weight) : null, rank: null };
  });
  const ranked = cards.filter((card) => card.general !== null).sort((a, b) => b.general! - a.general!);
  ranked.forEach((card, i) => {
    card.rank = i > 0 && ranked[i - 1]!.general === card.general ? ranked[i - 1]!.rank : i + 1;
  });
  return cards;
}
