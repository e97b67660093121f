import type { CoreDeps, ModuleDefinition, ModuleName, ModuleServices } from './contract.js';

/** A module asked for the services of a module its `dependsOn` does not list. */
export class ModuleDependencyError extends Error {}

/**
 * The core as one module sees it: `module(name)` answers only the modules its `dependsOn` lists, so a call that
 * would break the start order fails, naming both, at start (services, register) or at the call (a lazy lookup).
 * The core's own view (`lookup` alone) answers any installed module: the core and the tests are no module.
 */
export function coreFor(core: CoreDeps, mod: Pick<ModuleDefinition, 'name' | 'dependsOn'>): CoreDeps {
  const declared = new Set<string>(mod.dependsOn);
  return {
    ...core,
    module<Name extends ModuleName>(name: Name): ModuleServices[Name] {
      if (!declared.has(name)) {
        throw new ModuleDependencyError(`Module "${mod.name}" calls module "${name}", which its dependsOn does not list: add "${name}" to the dependsOn of "${mod.name}"`);
      }
      return core.module(name);
    },
  };
}
