import type { MarksServices } from './services/index.js';

// What other modules reach with core.module('marks'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    marks: MarksServices;
  }
}
