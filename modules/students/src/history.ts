import { NotFoundError, type HistoryDeclaration } from '@alterna/core';
import type { StudentsServices } from './services/index.js';

/** The history panels of the student page: the student (with their identity record), a registration, a contract. */
export const history: HistoryDeclaration<StudentsServices>[] = [
  {
    kind: 'student',
    table: 'students',
    related: ['student_last_situations'],
    includes: ['actor'],
    assertReadable: async (services, actor, id) => {
      await services.access.assertCanRead(actor, id);
    },
  },
  {
    kind: 'registration',
    table: 'student_registrations',
    async assertReadable(services, actor, id, core) {
      const row = await core.knex('student_registrations').where({ id }).first('student_id');
      if (!row) throw new NotFoundError('student registration');
      await services.registrations.get(actor, row.student_id, id);
    },
  },
  {
    kind: 'contract',
    table: 'student_contracts',
    async assertReadable(services, actor, id, core) {
      const row = await core.knex('student_contracts as c').join('student_registrations as r', 'r.id', 'c.registration_id').where('c.id', id).first('r.student_id');
      if (!row) throw new NotFoundError('student contract');
      await services.contracts.get(actor, row.student_id, id);
    },
  },
];
