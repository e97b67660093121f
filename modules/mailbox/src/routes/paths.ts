/** API paths, English and French (SPEC §2 "Mailbox": upload-file and preview/{id}; the rest names what it serves). */
const base = { en: '/mailbox/mail-templates', fr: '/messagerie/modeles-email' };
const under = (en: string, fr: string) => ({ en: `${base.en}${en}`, fr: `${base.fr}${fr}` });

export const paths = {
  templates: base,
  template: under('/:id', '/:id'),
  duplicate: under('/:id/duplicate', '/:id/dupliquer'),
  preview: under('/preview/:id', '/apercu/:id'),
  draftPreview: under('/preview', '/apercu'),
  previewFrame: under('/preview-frame', '/cadre-apercu'),
  uploadFile: under('/upload-file', '/televerser-fichier'),
  image: under('/images/:token', '/images/:token'),
  asset: under('/assets/:name', '/ressources/:name'),
} as const;
