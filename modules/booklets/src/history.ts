import type { HistoryDeclaration } from '@alterna/core';
import type { BookletsServices } from './services/index.js';

/** A booklet form's history: every save, lock, validation step of the form. */
export const history: HistoryDeclaration<BookletsServices>[] = [
  {
    kind: 'booklet-form',
    table: 'booklet_forms',
    // The form as its reader may open it (staff of the apprentice's campus; the route allows staff only).
    assertReadable: async (services, actor, id) => {
      await services.forms.form(actor, id);
    },
  },
];
