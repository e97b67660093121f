import type { MassEmailServices } from './services/index.js';
// The modules mass-email calls (its dependsOn lists them): their packages bring their own declarations to its type check.
import type {} from '@alterna/identity';
import type {} from '@alterna/mailbox';

// What other modules reach with core.module('mass-email'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    'mass-email': MassEmailServices;
  }
}
