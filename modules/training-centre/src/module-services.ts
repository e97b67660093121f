import type { TrainingCentreServices } from './services/index.js';

// What other modules reach with core.module('training-centre'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    'training-centre': TrainingCentreServices;
  }
}
