import { checkProposal, explanationText, solve } from './solver/index.js';

/** What the module's services give: the solver and its independent checker (pure; the database comes later). */
export interface PlacementServices {
  solve: typeof solve;
  check: typeof checkProposal;
  explanationText: typeof explanationText;
}

export function placementServices(): PlacementServices {
  return { solve, check: checkProposal, explanationText };
}
