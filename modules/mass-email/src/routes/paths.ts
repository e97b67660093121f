/** API paths of the module, English and French (SPEC §2 "Mailbox": the French path is a translation). */
export const paths = {
  options: { en: '/mailbox/mass-email/options', fr: '/messagerie/emailing/options' },
  people: { en: '/mailbox/mass-email/people', fr: '/messagerie/emailing/personnes' },
  preview: { en: '/mailbox/mass-email/preview', fr: '/messagerie/emailing/apercu' },
  campaigns: { en: '/mailbox/mass-email/campaigns', fr: '/messagerie/emailing/campagnes' },
  campaign: { en: '/mailbox/mass-email/campaigns/:campaign', fr: '/messagerie/emailing/campagnes/:campaign' },
  pause: { en: '/mailbox/mass-email/campaigns/:campaign/pause', fr: '/messagerie/emailing/campagnes/:campaign/pause' },
  unsubscribe: { en: '/mailbox/mass-email/unsubscribe/:token', fr: '/messagerie/emailing/desabonnement/:token' },
  resume: { en: '/mailbox/mass-email/campaigns/:campaign/resume', fr: '/messagerie/emailing/campagnes/:campaign/reprendre' },
} as const;
