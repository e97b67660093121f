import type { NewsServices } from './services/index.js';
// The modules news calls (its dependsOn lists them): their packages bring their own declarations to its type check.
import type {} from '@alterna/trainings';

// What other modules reach with core.module('news'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    news: NewsServices;
  }
}
