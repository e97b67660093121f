import type { CoreDeps } from '@alterna/core';
import { mailTemplatesService, type MailTemplatesService } from './templates.js';

/** What the module offers: other modules reach it with core.module('mailbox'). */
export interface MailboxServices {
  templates: MailTemplatesService;
}

export function mailboxServices(core: CoreDeps): MailboxServices {
  return { templates: mailTemplatesService(core) };
}
