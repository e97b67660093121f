import { ValidationError, type Translate } from '@alterna/core';

/** SPEC §4: once a variant exists the certifier base cannot be edited. */
export function assertCertifierBaseEditable(variantCount: number, t: Translate): void {
  if (variantCount > 0) throw new ValidationError([{ path: '', message: t('trainings.plan.baseLocked') }]);
}

/** SPEC §4: a variant followed by a training group cannot be removed. */
export function assertVariantRemovable(groupCount: number, t: Translate): void {
  if (groupCount > 0) throw new ValidationError([{ path: '', message: t('trainings.plan.variantUsed', { count: groupCount }) }]);
}

/**
 * SPEC §5: a group follows a variant of its training's plan for its session, so the plan must have one,
 * unfolded from the certifier base or created. Returns the message key of the problem, if any.
 */
export function groupVariantProblem(planVariantIds: readonly string[], chosenVariantId: string): string | null {
  if (!planVariantIds.length) return 'trainings.validation.unfoldOrCreate';
  return planVariantIds.includes(chosenVariantId) ? null : 'trainings.group.variantNotInPlan';
}

export interface BlockContent {
  name: string;
  subjects: { schoolSubjectId: string; hours: number }[];
}

/** Unfolding the certifier base: the variant starts as a copy of its blocks and their subjects. */
export function unfoldCertifierBase(base: readonly BlockContent[]): BlockContent[] {
  return base.map((block) => ({ name: block.name, subjects: block.subjects.map((line) => ({ ...line })) }));
}

/** Total hours of blocks (shown in the editor, checked in tests), rounded to the cent. */
export function totalHours(blocks: readonly BlockContent[]): number {
  return Math.round(blocks.reduce((sum, block) => sum + block.subjects.reduce((s, line) => s + line.hours, 0), 0) * 100) / 100;
}
