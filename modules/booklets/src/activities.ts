import type { BookletsServices } from './services/index.js';
import type { BookletsActivities } from './workflow-contract.js';

/** What the booklet validation workflows call (typed by their contract); each activity is safe to retry. */
export function activities(services: BookletsServices) {
  const { validations } = services;
  return {
    bookletsRecordSignature: (validationId, signature) => validations.recordSignature(validationId, signature),
    bookletsRemindSignatory: (validationId, role) => validations.remind(validationId, role, 'signatory'),
    bookletsTellStaff: (validationId, role) => validations.remind(validationId, role, 'staff'),
    bookletsFinishValidation: (validationId) => validations.finish(validationId),
    bookletsWithdrawValidation: (validationId) => validations.withdraw(validationId),
    bookletsRecordCancellation: (input) => validations.recordCancellation(input),
    bookletsMailCancellation: (validationId) => validations.mailCancellation(validationId),
  } satisfies BookletsActivities;
}
