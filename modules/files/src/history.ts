import type { HistoryDeclaration } from '@alterna/core';
import type { FilesServices } from './services/index.js';

/** A file's history (the documents page's file rows): uploads, replacements, publication, expiry. */
export const history: HistoryDeclaration<FilesServices>[] = [
  {
    kind: 'file',
    table: 'files_documents',
    assertReadable: async (services, actor, id) => {
      await services.documents.one(actor, id);
    },
  },
];
