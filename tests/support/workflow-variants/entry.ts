// The workflow entry of the versioning tests: the product's workflows with `booklets.validation` replaced by its patched
// variant, and the unpatched variant under a name of its own (support/workflow-variants/booklet-validation.ts).
export { progressQuery } from '../../../workflows/src/progress.js';
export { bookletValidationPatched as 'booklets.validation', bookletValidationUnpatched as 'test.bookletValidationUnpatched' } from './booklet-validation.js';

