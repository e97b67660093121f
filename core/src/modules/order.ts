import type { ModuleDefinition } from './contract.js';

export class ModuleOrderError extends Error {}

/**
 * Orders modules so each comes after what it depends on (never by folder order). A missing dependency or
 * a cycle stops the start with a message naming the modules involved.
 */
export function orderModules<M extends Pick<ModuleDefinition, 'name' | 'dependsOn'>>(modules: M[]): M[] {
  const byName = new Map<string, M>();
  for (const mod of modules) {
    if (byName.has(mod.name)) throw new ModuleOrderError(`Module "${mod.name}" is loaded twice`);
    byName.set(mod.name, mod);
  }
  const missing = modules.flatMap((mod) => mod.dependsOn.filter((dep) => !byName.has(dep)).map((dep) => `"${mod.name}" depends on "${dep}", which is not installed`));
  if (missing.length) throw new ModuleOrderError(`Missing module dependency: ${missing.join('; ')}`);

  const ordered: M[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (mod: M, trail: string[]) => {
    const seen = state.get(mod.name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(mod.name)), mod.name];
      throw new ModuleOrderError(`Module dependency cycle: ${cycle.join(' -> ')}`);
    }
    state.set(mod.name, 'visiting');
    // Sorted so that the order is the same whatever order the modules were found in.
    for (const dep of [...mod.dependsOn].sort()) visit(byName.get(dep)!, [...trail, mod.name]);
    state.set(mod.name, 'done');
    ordered.push(mod);
  };
  for (const mod of [...modules].sort((a, b) => a.name.localeCompare(b.name))) visit(mod, []);
  return ordered;
}
