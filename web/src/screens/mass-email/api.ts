import type { CampaignDetail, CampaignSummary, MassEmailOptions, PreviewResult } from '@alterna/mass-email/types';
import type { Operation } from '@alterna/core/operations/types';
import { requestJson } from '../../shared/http';

export type { CampaignDetail, CampaignRecipient, CampaignSummary, MassEmailOptions, PreviewResult } from '@alterna/mass-email/types';

const base = '/api/mailbox/mass-email';
const enc = encodeURIComponent;

export interface RecipientsChoice {
  typologies: string[];
  campuses: string[];
  trainings: string[];
  trainingGroups: string[];
  actors: string[];
}
export interface MessageDraft {
  templateId: string | null;
  subject: string;
  html: string;
}
export interface Person { id: string; firstName: string; lastName: string; email: string }

export const loadOptions = () => requestJson<MassEmailOptions>('GET', `${base}/options`);
export const searchPeople = (q: string) => requestJson<{ people: Person[] }>('GET', `${base}/people?q=${enc(q)}`).then((r) => r.people);
export const previewCampaign = (body: MessageDraft & { recipients: RecipientsChoice }) => requestJson<PreviewResult>('POST', `${base}/preview`, body);
export const sendCampaign = (body: MessageDraft & { recipients: RecipientsChoice; requestId: string }) =>
  requestJson<{ campaign: CampaignDetail; operation: Operation }>('POST', `${base}/campaigns`, body);
export const loadCampaigns = () => requestJson<{ campaigns: CampaignSummary[] }>('GET', `${base}/campaigns`);
export const loadCampaign = (id: string) => requestJson<{ campaign: CampaignDetail }>('GET', `${base}/campaigns/${enc(id)}`);
export const pauseCampaign = (id: string) => requestJson<{ campaign: CampaignDetail }>('POST', `${base}/campaigns/${enc(id)}/pause`, {});
export const resumeCampaign = (id: string) => requestJson<{ campaign: CampaignDetail }>('POST', `${base}/campaigns/${enc(id)}/resume`, {});

export const mergeTagList = ['firstName', 'lastName', 'email', 'training', 'group', 'campus'] as const;
export const statusColor: Record<string, string> = { sending: 'blue', paused: 'yellow', completed: 'green', cancelled: 'gray', failed: 'red' };
export const stateColor: Record<string, string> = { pending: 'gray', sent: 'green', failed: 'red', unsubscribed: 'yellow' };
