// The worker entry for tests: the product's workflows plus the test-only ones.
export * from '../../workflows/src/workflows.js';
export * from './test-workflows.js';
