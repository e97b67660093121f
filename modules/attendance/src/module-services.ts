import type { AttendanceServices } from './services/index.js';
// The modules attendance calls (its dependsOn lists them): their packages bring their own declarations to its type check.
import type {} from '@alterna/planning';
import type {} from '@alterna/training-centre';

// What other modules reach with core.module('attendance'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    attendance: AttendanceServices;
  }
}
