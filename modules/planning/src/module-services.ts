import type { PlanningServices } from './services/index.js';
// The modules planning calls (its dependsOn lists them): their packages bring their own declarations to its type check.
import type {} from '@alterna/identity';
import type {} from '@alterna/teaching';
import type {} from '@alterna/training-centre';
import type {} from '@alterna/trainings';

// What other modules reach with core.module('planning'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    planning: PlanningServices;
  }
}
