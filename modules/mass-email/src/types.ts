// Shapes the module hands out (the web client imports them type-only).
import type { Actor } from '@alterna/core';
import type { CampaignStatus, MergeValues, RecipientState } from './validation/index.js';

export type { CampaignStatus, RecipientState, MergeValues } from './validation/index.js';

/** The mailbox module's templates, as this module uses them. */
export interface TemplateSource {
  /** The templates the person may read. */
  list(actor: Actor): Promise<{ id: string; subject: string; subTitle?: string | null; updatedAt?: string }[]>;
  renderForSend(templateId: string): Promise<{ subject: string; html: string; text: string }>;
}

export interface MassEmailOptions {
  campuses: { id: string; name: string }[];
  trainings: { id: string; name: string }[];
  trainingGroups: { id: string; name: string; campusId: string; campusName: string; trainingId: string; sessionName: string }[];
  /** null: the mailbox module's templates are not available here. */
  templates: { id: string; subject: string; subTitle?: string | null; updatedAt?: string }[] | null;
}

export interface PreviewResult {
  count: number;
  sample: { recipient: MergeValues; subject: string; html: string; text: string } | null;
}

export interface CampaignSummary {
  id: string;
  subject: string;
  status: CampaignStatus;
  total: number;
  sent: number;
  failed: number;
  pending: number;
  /** Recipients left out because they unsubscribed. */
  unsubscribed: number;
  createdAt: string;
  finishedAt: string | null;
  createdBy: { id: string; firstName: string; lastName: string } | null;
  /** The run on the operations page. */
  operationId: string | null;
}

export interface CampaignRecipient {
  seq: number;
  actorId: string;
  email: string;
  firstName: string;
  lastName: string;
  training: string;
  group: string;
  campus: string;
  messageId: string;
  state: RecipientState;
  /** The SMTP server's answer. */
  answer: string | null;
  answeredAt: string | null;
}

export interface CampaignDetail extends CampaignSummary {
  html: string;
  templateId: string | null;
  canPause: boolean;
  canResume: boolean;
  /** Failed first, then pending, then sent (5000 at most). */
  recipients: CampaignRecipient[];
}
