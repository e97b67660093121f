// The worker's check of every workflow contract (types only; the entry file does not import it, so it is never bundled).
// Each module's `src/workflow-contract.ts` names its workflows in the core's `Workflows` registry and types the activities
// they proxy. Here the entry file must export each declared workflow under its name with that signature, and each module's
// `activities` must give exactly the activities its workflows proxy: a drift on either side fails `npm run typecheck`.
import type { Workflows } from '@alterna/core/operations/types';
import type * as attendance from '@alterna/attendance';
import type { AttendanceActivities } from '@alterna/attendance/workflow-contract';
import type * as booklets from '@alterna/booklets';
import type { BookletsActivities } from '@alterna/booklets/workflow-contract';
import type * as files from '@alterna/files';
import type { FilesActivities } from '@alterna/files/workflow-contract';
import type * as identity from '@alterna/identity';
import type { IdentityActivities } from '@alterna/identity/workflow-contract';
import type * as marks from '@alterna/marks';
import type { MarksActivities } from '@alterna/marks/workflow-contract';
import type * as massEmail from '@alterna/mass-email';
import type { MassEmailActivities } from '@alterna/mass-email/workflow-contract';
import type * as news from '@alterna/news';
import type { NewsActivities } from '@alterna/news/workflow-contract';
import type * as planning from '@alterna/planning';
import type { PlanningActivities } from '@alterna/planning/workflow-contract';
import type * as profileChanges from '@alterna/profile-changes';
import type { ProfileChangeActivities } from '@alterna/profile-changes/workflow-contract';
import type * as entry from './workflows.js';

/** True when both types are the same (each assignable to the other). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/** Every declared workflow as the entry file exports it (a missing name is an error here). */
type Exported = { [Name in keyof Workflows]: (typeof entry)[Name] };
export type WorkflowsExported = Holds<Same<Exported, Workflows>>;

/** What a module's `activities` gives the worker. */
export type Given<Module extends { activities: (...args: any[]) => unknown }> = ReturnType<Module['activities']>;
export type ActivitiesGiven = [
  Holds<Same<Given<typeof attendance>, AttendanceActivities>>,
  Holds<Same<Given<typeof booklets>, BookletsActivities>>,
  Holds<Same<Given<typeof files>, FilesActivities>>,
  Holds<Same<Given<typeof identity>, IdentityActivities>>,
  Holds<Same<Given<typeof marks>, MarksActivities>>,
  Holds<Same<Given<typeof massEmail>, MassEmailActivities>>,
  Holds<Same<Given<typeof news>, NewsActivities>>,
  Holds<Same<Given<typeof planning>, PlanningActivities>>,
  Holds<Same<Given<typeof profileChanges>, ProfileChangeActivities>>,
];
