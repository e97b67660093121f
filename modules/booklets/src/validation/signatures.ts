// Validation of a booklet form (SPEC §4, §8): who signs, in which order, and which forms can have their validation
// cancelled by which SPEC §2 path. Pure, shared by the server and the web client.
import { yup } from '@alterna/core/validation';
import type { BookletModule, FormRole } from './rules.js';

/**
 * Who signs a form, by its modules: evaluations tutor, then coach, then the apprentice's acknowledgement; the mission
 * tutor and apprentice; meetings the coach (and the tutor when the tutor takes part).
 */
const signers: Record<BookletModule, FormRole[]> = {
  'mission-definition': ['tutor', 'student'],
  'first-meeting': ['coach', 'tutor'],
  'coach-meeting': ['coach'],
  'coach-tutor-meeting': ['coach', 'tutor'],
  'intermediate-evaluation': ['tutor', 'coach', 'student'],
  'final-evaluation': ['tutor', 'coach', 'student'],
  'thesis-evaluation': ['tutor', 'coach', 'student'],
};
/** Signatures are collected in this order (the apprentice acknowledges what the others signed). */
const signingOrder: readonly FormRole[] = ['tutor', 'coach', 'student'];

export function formSignatories(modules: readonly BookletModule[]): FormRole[] {
  const needed = new Set(modules.flatMap((module) => signers[module]));
  return signingOrder.filter((role) => needed.has(role));
}

/** SPEC §2 "Cancelling validations": the path's name of each cancellable module. */
export const cancellableModules = {
  mission: 'mission-definition',
  'coach-meeting': 'coach-meeting',
  'coach-tutor-meeting': 'coach-tutor-meeting',
  intermediate: 'intermediate-evaluation',
  final: 'final-evaluation',
} as const satisfies Record<string, BookletModule>;
export type CancellableKind = keyof typeof cancellableModules;

/** The cancel path's kind for a form of these modules, or null when its validation cannot be cancelled. */
export function cancellableKind(modules: readonly BookletModule[]): CancellableKind | null {
  const found = (Object.keys(cancellableModules) as CancellableKind[]).find((kind) => modules.includes(cancellableModules[kind]));
  return found ?? null;
}

export const validationStatuses = ['pending', 'validated', 'cancelled'] as const;
export type ValidationStatus = (typeof validationStatuses)[number];

/** Validating: the validation checkbox must be ticked (SPEC §5); the confirmation is the page's dialog. */
export const validateSchema = yup.object({
  validate: yup.boolean().default(false).oneOf([true], 'booklets.signatures.checkboxRequired'),
});

/** Cancelling a validation: why, optionally. */
export const cancelValidationSchema = yup.object({
  reason: yup.string().trim().default('').max(2000, { key: 'booklets.validation.tooLong', values: { max: 2000 } }),
});

/** A form's validation as the page shows it (the server's answer to GET …/validation). */
export interface FormValidationView {
  id: string;
  run: number;
  status: ValidationStatus;
  requestedAt: string;
  requestedBy: string | null;
  validatedAt: string | null;
  signatures: { role: FormRole; signer: string | null; signedAt: string | null; route: string | null }[];
  /** The role whose signature is awaited (signatures go in order), or null. */
  awaiting: FormRole | null;
  /** The names of the people who may give the awaited signature. */
  awaitingPeople: string[];
  hasPdf: boolean;
  cancelledAt: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
}

export interface FormValidationState {
  signatories: FormRole[];
  current: FormValidationView | null;
  /** Earlier runs, cancelled, newest first. */
  history: FormValidationView[];
  /** The actor may tick the checkbox and start a validation (a holder of an unvalidated form, none under way). */
  canValidate: boolean;
  /** The awaited signature is the actor's. */
  canSign: boolean;
  /** The SPEC §2 cancel path's kind when the actor may cancel the current validation, else null. */
  cancelKind: CancellableKind | null;
}
