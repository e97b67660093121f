// Merges a language's files into one catalogue (each file's top level is its area).
type Catalogue = Record<string, unknown>;
export type Tree = { [key: string]: string | Tree };

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else if (existing !== undefined) throw new Error(`planning locales: key ${key} is defined twice`);
    else target[key] = typeof value === 'object' ? merge({}, value) : value;
  }
  return target;
}

// Each file's top level is its area: the core files the module's catalogue under `planning` itself.
export const catalogue = (...files: Tree[]) => files.reduce((all, file) => merge(all, file), {} as Tree) as Catalogue;
