// Workflow contracts are the modules' own (README "Adding a module", 8): each module's `src/workflow-contract.ts` names
// its workflows `<module>.<workflow>` and types the activities they proxy; its `src/activities.ts` gives exactly those.
// The types are checked by `npm run typecheck` (here and in workflows/src/contracts.ts); the names, at run time, here.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ModuleDefinition } from '@alterna/core';
import attendance, { activities as attendanceActivities } from '@alterna/attendance';
import { attendanceWorkflows, type AttendanceActivities } from '@alterna/attendance/workflow-contract';
import booklets, { activities as bookletsActivities } from '@alterna/booklets';
import { bookletsWorkflows, type BookletsActivities } from '@alterna/booklets/workflow-contract';
import files, { activities as filesActivities } from '@alterna/files';
import { filesWorkflows, type FilesActivities } from '@alterna/files/workflow-contract';
import identity, { activities as identityActivities } from '@alterna/identity';
import { identityWorkflows, type IdentityActivities } from '@alterna/identity/workflow-contract';
import marks, { activities as marksActivities } from '@alterna/marks';
import { marksWorkflows, type MarksActivities } from '@alterna/marks/workflow-contract';
import massEmail, { activities as massEmailActivities } from '@alterna/mass-email';
import { massEmailWorkflows, type MassEmailActivities } from '@alterna/mass-email/workflow-contract';
import news, { activities as newsActivities } from '@alterna/news';
import { newsWorkflows, type NewsActivities } from '@alterna/news/workflow-contract';
import planning, { activities as planningActivities } from '@alterna/planning';
import { planningWorkflows, type PlanningActivities } from '@alterna/planning/workflow-contract';
import profileChanges, { activities as profileChangesActivities } from '@alterna/profile-changes';
import { profileChangesWorkflows, type ProfileChangeActivities } from '@alterna/profile-changes/workflow-contract';
import * as entry from '../../workflows/src/workflows.js';

const contracts: [ModuleDefinition<any>, Record<string, string>, unknown][] = [
  [attendance, attendanceWorkflows, attendanceActivities],
  [booklets, bookletsWorkflows, bookletsActivities],
  [files, filesWorkflows, filesActivities],
  [identity, identityWorkflows, identityActivities],
  [marks, marksWorkflows, marksActivities],
  [massEmail, massEmailWorkflows, massEmailActivities],
  [news, newsWorkflows, newsActivities],
  [planning, planningWorkflows, planningActivities],
  [profileChanges, profileChangesWorkflows, profileChangesActivities],
];

describe('workflow contracts owned by modules', () => {
  it("gives the worker each module's activities exactly as its workflows proxy them", () => {
    expectTypeOf(attendanceActivities).returns.toEqualTypeOf<AttendanceActivities>();
    expectTypeOf(bookletsActivities).returns.toEqualTypeOf<BookletsActivities>();
    expectTypeOf(filesActivities).returns.toEqualTypeOf<FilesActivities>();
    expectTypeOf(identityActivities).returns.toEqualTypeOf<IdentityActivities>();
    expectTypeOf(marksActivities).returns.toEqualTypeOf<MarksActivities>();
    expectTypeOf(massEmailActivities).returns.toEqualTypeOf<MassEmailActivities>();
    expectTypeOf(newsActivities).returns.toEqualTypeOf<NewsActivities>();
    expectTypeOf(planningActivities).returns.toEqualTypeOf<PlanningActivities>();
    expectTypeOf(profileChangesActivities).returns.toEqualTypeOf<ProfileChangeActivities>();
    // The typed factory is the one the module hands the core, not a copy beside it.
    for (const [definition, , activities] of contracts) expect(definition.activities, definition.name).toBe(activities);
  });

  it('names every workflow `<module>.<workflow>`, and the entry file exports each under that name', () => {
    const declared = contracts.flatMap(([definition, workflows]) => Object.values(workflows).map((name) => [definition.name, name] as const));
    for (const [module, name] of declared) {
      expect(name, module).toMatch(new RegExp(`^${module}\\.[a-z][A-Za-z]*$`));
      expect(typeof (entry as Record<string, unknown>)[name], name).toBe('function');
    }
    // And nothing else: every workflow the worker registers is a module's.
    const exported = Object.entries(entry).filter(([, value]) => typeof value === 'function').map(([name]) => name);
    expect(exported.sort()).toEqual(declared.map(([, name]) => name).sort());
  });

  it("starts the modules' schedules by the names their contracts declare", () => {
    for (const [definition, workflows] of contracts) {
      for (const schedule of definition.schedules ?? []) expect(Object.values(workflows), schedule.id).toContain(schedule.workflowType);
    }
  });
});
