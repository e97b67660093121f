import type { PeopleServices } from './services/index.js';
// The modules people calls (its dependsOn lists them): their packages bring their own declarations to its type check.
import type {} from '@alterna/identity';

// What other modules reach with core.module('people'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    people: PeopleServices;
  }
}
