import { defineModule } from '@alterna/core';
import { activities } from './activities.js';
import { fr, en } from './locales/index.js';
import { massEmail } from './migrations/20270201000100_mass_email.js';
import { optOuts } from './migrations/20270401000100_opt_outs.js';
import { sendingPace } from './migrations/20270501000100_sending_pace.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { seedMassEmail } from './seed.js';
import { messageIdDomain } from './services/campaigns.js';
import { massEmailServices, type MassEmailServices } from './services/index.js';
import './module-services.js';

export type { MassEmailServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';
/** What the module's workflows call, typed by its `workflow-contract` (the worker's check: workflows/src/contracts.ts). */
export { activities } from './activities.js';

/**
 * Mass e-mail (issue #13, SPEC §2 Mailbox `/mailbox/mass-email/new`): staff choose one of the mailbox module's
 * templates (compiled by its renderer, `templates.renderForSend`) or write a message, choose recipients by typology, campus, training, training group or by
 * hand among the people of their campuses, preview it with a recipient's merge tags and send it as a tracked
 * Temporal run (`mass-email:<campaign>`) with one state per recipient, a deterministic Message-ID, a rate limit,
 * retries of temporary SMTP failures, pause, resume and cancel.
 */
export default defineModule<MassEmailServices>({
  name: 'mass-email',
  dependsOn: ['identity', 'training-centre', 'trainings', 'students', 'mailbox'],
  migrations: [massEmail, optOuts, sendingPace],
  locales: { fr, en },
  permissions,
  services: massEmailServices,
  routes,
  activities,
  register: ({ core, services }) => {
    const { templates } = core.module('mailbox');
    services.useTemplates({
      list: async (actor) => (await templates.list(actor)).map((template) => ({ id: template.id, subject: template.subject, subTitle: template.subTitle, updatedAt: template.updatedAt })),
      renderForSend: (templateId) => templates.renderForSend(templateId),
    });
  },
  seed: (_services, core, knex) => seedMassEmail(knex, messageIdDomain(core.config.mailFrom)),
});
