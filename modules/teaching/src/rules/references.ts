/**
 * Fixed lists of the module (no server code: the web forms use them too). Labels live in the catalogues
 * under teaching.<list>.<value>, the same key on the server and in the web.
 */

/** A teacher contract's life: drafted, sent to the teacher, signed; cancelled at any point. */
export const contractStatuses = ['draft', 'sent', 'signed', 'cancelled'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/** update_status moves a contract along these arrows only. */
export const contractTransitions: Record<ContractStatus, readonly ContractStatus[]> = {
  draft: ['sent', 'cancelled'],
  sent: ['signed', 'draft', 'cancelled'],
  signed: ['cancelled'],
  cancelled: ['draft'],
};

/** A signed or cancelled contract is no longer edited: its status goes back to draft first. */
export function isContractEditable(status: ContractStatus): boolean {
  return status === 'draft' || status === 'sent';
}

/** A signed contract is kept (cancel it instead). */
export function isContractDeletable(status: ContractStatus): boolean {
  return status !== 'signed';
}

export function canMoveContract(from: ContractStatus, to: ContractStatus): boolean {
  return contractTransitions[from].includes(to);
}

/** Legal forms of a teacher company (SPEC §3 legalForm reference). */
export const legalForms = ['micro', 'ei', 'eurl', 'sasu', 'sarl', 'sas', 'sa', 'association', 'other'] as const;
export type LegalForm = (typeof legalForms)[number];

/**
 * The training-organisation declaration (numéro de déclaration d'activité, 11 digits): obtained (the
 * number is then required), applied for, or not required (the teacher does not sell training himself).
 */
export const activityDeclarationTypes = ['declared', 'pending', 'not-required'] as const;
export type ActivityDeclarationType = (typeof activityDeclarationTypes)[number];

export function needsActivityDeclarationNumber(type: string | null | undefined): boolean {
  return type === 'declared';
}

/** Address countries offered in the company form (ISO 3166-1 alpha-2). */
export const addressCountries = ['FR', 'BE', 'CH', 'LU', 'MC', 'DE', 'ES', 'IT', 'GB', 'PT', 'NL'] as const;

/** Kinds of disciplinary follow-up, from the lightest. */
export const disciplinaryKinds = ['interview', 'warning', 'reprimand', 'temporary-exclusion', 'disciplinary-board'] as const;

/** What puts a registration at risk (prevention of a break). */
export const breakRisks = ['absences', 'company-relations', 'motivation', 'results', 'personal', 'financial', 'other'] as const;

/** Who ends a work-study contract. */
export const breakInitiatives = ['student', 'employer', 'mutual-agreement', 'school'] as const;

/** Why a student abandons the training. */
export const abandonReasons = ['reorientation', 'employment', 'personal', 'health', 'no-company', 'other'] as const;

/** Coaching follow-ups of a student (SPEC §2 Coaching); break and abandon can be edited afterwards. */
export const followUpKinds = ['disciplinary', 'prevent-registration-break', 'break', 'abandon'] as const;
export type FollowUpKind = (typeof followUpKinds)[number];
export const editableFollowUpKinds: readonly FollowUpKind[] = ['break', 'abandon'];
