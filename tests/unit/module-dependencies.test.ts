import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, defineModule, discoverModules, loadConfig, ModuleDependencyError, repoRoot, type Core, type CoreDeps, type ModuleDefinition } from '@alterna/core';
import trainingCentre from '@alterna/training-centre';
import { calledModules, moduleFolders, sqlUsedModules } from '../support/module-calls.js';

// A module reaches another's services only through core.module(name), typed by the registry each module fills
// (src/module-services.ts), and only a module its dependsOn lists: the start order guarantees no other.

describe('calls between modules', () => {
  let core: Core | null = null;
  afterEach(async () => {
    await core?.close();
    core = null;
  });
  const start = async (caller: ModuleDefinition<any>) => {
    core = await createCore({ config: loadConfig({ LOG_LEVEL: 'silent' }), modules: [trainingCentre, caller] });
    return core;
  };

  it('stops the start when a module calls one its dependsOn does not list, naming both', async () => {
    const caller = defineModule({ name: 'undeclared-caller', dependsOn: [], register: ({ core }) => void core.module('training-centre') });
    const started = start(caller);
    await expect(started).rejects.toBeInstanceOf(ModuleDependencyError);
    await expect(started).rejects.toThrow('Module "undeclared-caller" calls module "training-centre", which its dependsOn does not list');
  });

  it('refuses a later call too (a lookup made inside a service), naming both', async () => {
    const caller = defineModule({ name: 'lazy-caller', dependsOn: [], services: (core: CoreDeps) => ({ campuses: () => core.module('training-centre').campuses }) });
    const app = await start(caller);
    expect(() => app.services<{ campuses(): unknown }>('lazy-caller').campuses()).toThrow(/"lazy-caller" calls module "training-centre"/);
  });

  it('hands a declared module its dependency\'s services', async () => {
    const caller = defineModule({ name: 'declared-caller', dependsOn: ['training-centre'], services: (core: CoreDeps) => ({ campuses: () => core.module('training-centre').campuses }) });
    const app = await start(caller);
    expect(app.services<{ campuses(): unknown }>('declared-caller').campuses()).toBe(app.services<{ campuses: unknown }>('training-centre').campuses);
  });
});

describe('every module\'s dependsOn', async () => {
  const modules = await discoverModules();
  const dependsOn = new Map(modules.map((mod) => [mod.name, [...mod.dependsOn].sort()]));

  it('lists every module whose services it calls', () => {
    const missing = moduleFolders.flatMap((module) => calledModules(module).filter((called) => !dependsOn.get(module)!.includes(called)).map((called) => `${module} calls ${called}`));
    expect(missing).toEqual([]);
  });

  // A dependency is also needed for the start order of migrations: the owner's read views and tables must exist first.
  it('lists only modules it calls or reads in SQL (read views, foreign keys)', () => {
    const unused = moduleFolders.flatMap((module) => {
      const used = new Set([...calledModules(module), ...sqlUsedModules(module)]);
      return dependsOn.get(module)!.filter((dep) => !used.has(dep)).map((dep) => `${module} lists ${dep}`);
    });
    expect(unused).toEqual([]);
  });

  it('has each module declare its services in src/module-services.ts and import the packages of those it calls', () => {
    const wrong = moduleFolders.flatMap((module) => {
      const text = fs.readFileSync(path.join(repoRoot, 'modules', module, 'src', 'module-services.ts'), 'utf8');
      const declared = new RegExp(`interface ModuleServices \\{\\s*'?${module}'?:`).test(text);
      const imported = [...text.matchAll(/^import type \{\} from '@alterna\/([a-z-]+)';$/gm)].map((m) => m[1]!).sort();
      return [
        ...(declared ? [] : [`${module} does not declare its own services`]),
        ...(JSON.stringify(imported) === JSON.stringify(calledModules(module)) ? [] : [`${module} imports ${imported.join(', ') || 'none'}, calls ${calledModules(module).join(', ') || 'none'}`]),
      ];
    });
    expect(wrong).toEqual([]);
  });
});
