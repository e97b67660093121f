// The light entry (no server code): the soft rules' weights the planner may change per run, shared with the web client.
export { defaultWeights, softRules, type SoftRule, type SoftWeights } from './weights.js';
