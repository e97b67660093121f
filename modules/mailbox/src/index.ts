import { defineModule } from '@alterna/core';
import { fr, en } from './locales/index.js';
import { mailTemplates } from './migrations/20270301000100_mail_templates.js';
import { permissions } from './permissions.js';
import { routes } from './routes/index.js';
import { seedMailbox } from './seed.js';
import { mailboxServices, type MailboxServices } from './services/index.js';
import './module-services.js';

export type { MailboxServices } from './services/index.js';
export * from './types.js';
export { perm } from './permissions.js';

/**
 * Mailbox (issue #13), the mail-template part: templates (centre-wide or of one campus) built as a JSON tree of
 * sections, columns and widgets, compiled MJML → HTML by mjml 5 on the server — the one renderer of the editor's
 * preview and of what the mass e-mail sends (`services.templates.renderForSend`).
 */
export default defineModule<MailboxServices>({
  name: 'mailbox',
  dependsOn: ['training-centre'],
  migrations: [mailTemplates],
  locales: { fr, en },
  permissions,
  services: mailboxServices,
  routes,
  seed: (services, _core, knex) => seedMailbox(services, knex),
  // Templates compiled before the app served their icons and fonts point at third parties until compiled again.
  bootstrap: async ({ services, core }) => {
    const recompiled = await services.templates.recompileThirdParty();
    if (recompiled) core.log.info({ recompiled }, 'mail templates compiled again: icons and fonts now served by the app');
  },
});
