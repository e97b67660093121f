// The placement solver (issue #29): pure TypeScript, no database, no I/O; deterministic for a seed and a move budget.
export { checkProposal } from './checker.js';
export { generateInstance, type GenerateOptions, type Generated } from './generate.js';
export { greedyFirstFit } from './greedy.js';
export { explanationText } from './messages.js';
export { softScore } from './score.js';
export { solve } from './solve.js';
export type * from './types.js';
