/** API paths, English and French (SPEC §2 "Editor API" and the news item's /{id}/toggle; the rest names what it serves). */
const news = { en: '/news', fr: '/actualites' };
const under = (en: string, fr: string) => ({ en: `${news.en}${en}`, fr: `${news.fr}${fr}` });

export const paths = {
  list: news,
  create: under('/new', '/nouvelle'),
  formOptions: under('/form-options', '/options-formulaire'),
  mine: under('/mine', '/les-miennes'),
  mineItem: under('/mine/:id', '/les-miennes/:id'),
  files: under('/files', '/fichiers'),
  image: under('/images/:id', '/images/:id'),
  item: under('/:id', '/:id'),
  edit: under('/:id/edit', '/:id/modifier'),
  remove: under('/:id/delete', '/:id/supprimer'),
  toggle: under('/:id/toggle', '/:id/basculer'),
  file: under('/:id/file', '/:id/fichier'),
  editorFilesNew: '/editorjs/files/new',
  editorFilesDelete: '/editorjs/files/delete',
  linkTool: '/editorjs/linktool',
} as const;
