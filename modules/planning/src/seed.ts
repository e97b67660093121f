import type { CoreDeps, Knex } from '@alterna/core';
import type { PlanningServices } from './services/index.js';

// Placeholder: replaced by the seed helper (a planned term for the demo centre).
export async function seedPlanning(_services: PlanningServices, _core: CoreDeps, _knex: Knex): Promise<void> {}
