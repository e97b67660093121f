import type { FilesServices } from './services/index.js';

// What other modules reach with core.module('files'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    files: FilesServices;
  }
}
