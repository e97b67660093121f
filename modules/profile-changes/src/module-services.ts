import type { ProfileChangesServices } from './services/index.js';
// The modules profile-changes calls (its dependsOn lists them): their packages bring their own declarations to its type check.
import type {} from '@alterna/identity';
import type {} from '@alterna/people';

// What other modules reach with core.module('profile-changes'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    'profile-changes': ProfileChangesServices;
  }
}
