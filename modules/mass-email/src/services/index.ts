import type { CoreDeps } from '@alterna/core';
import type { TemplateSource } from '../types.js';
import { campaignsService, type CampaignsService } from './campaigns.js';
import { sendingPace, type SendingPace } from './pace.js';
import { sendingService, type SendingService } from './sending.js';
import { readSendingSettings, type SendingSettings } from './settings.js';
import { unsubscribeService, type UnsubscribeService } from './unsubscribe.js';
import { paths } from '../routes/paths.js';

/** What the module offers: other modules reach it with core.module('mass-email'). */
export interface MassEmailServices {
  campaigns: CampaignsService;
  sending: SendingService;
  /** The deployment's sending pace, shared by every campaign and worker. */
  pace: SendingPace;
  unsubscribe: UnsubscribeService;
  settings: SendingSettings;
  /** Where the templates come from: the mailbox module's, once it is installed (set at register). */
  useTemplates(source: TemplateSource | null): void;
}

export function massEmailServices(core: CoreDeps): MassEmailServices {
  const settings = readSendingSettings();
  let templates: TemplateSource | null = null;
  const unsubscribe = unsubscribeService(core, paths.unsubscribe.en);
  const pace = sendingPace(core.knex);
  return {
    campaigns: campaignsService(core, settings, () => templates),
    sending: sendingService(core, settings, unsubscribe, pace),
    pace,
    unsubscribe,
    settings,
    useTemplates: (source) => void (templates = source),
  };
}
