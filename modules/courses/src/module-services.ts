import type { CoursesServices } from './services/index.js';
// The modules courses calls (its dependsOn lists them): their packages bring their own declarations to its type check.
import type {} from '@alterna/attendance';
import type {} from '@alterna/identity';

// What other modules reach with core.module('courses'): declaration merging fills the core's registry (core/API.md).
declare module '@alterna/core' {
  interface ModuleServices {
    courses: CoursesServices;
  }
}
