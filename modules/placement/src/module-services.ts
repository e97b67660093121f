import type { PlacementServices } from './services/index.js';

// What other modules reach with core.module('placement'): declaration merging fills the core's registry (core/API.md).
// Placement calls no other module yet (the instance is not read from the database in this slice).
declare module '@alterna/core' {
  interface ModuleServices {
    placement: PlacementServices;
  }
}
