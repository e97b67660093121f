// The web's catalogues, one per language, each in its own chunk (catalogue.fr.ts, catalogue.en.ts): a visitor downloads
// only their language. Each is the modules' own catalogues (under the web's name of each area), then the web's files
// (main plus one per area). A message the server also sends is the module's, never a copy here; the web's wording
// wins only where it differs on purpose (capitalised labels of in-sentence words).

export type Tree = { [key: string]: unknown };

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === 'object' && existing && typeof existing === 'object') merge(existing as Tree, value as Tree);
    else if (existing !== undefined) throw new Error(`locales: key ${key} is defined twice`);
    else target[key] = value && typeof value === 'object' ? merge({}, value as Tree) : value;
  }
  return target;
}

const build = (...files: Tree[]) => files.reduce<Tree>((all, file) => merge(all, file), {});

/** `web` over `base`: the web's leaves replace the module's at the same key. */
function over(base: Tree, web: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(web)) {
    const existing = out[key];
    out[key] = value && typeof value === 'object' && existing && typeof existing === 'object' ? over(existing as Tree, value as Tree) : value;
  }
  return out;
}

/** The modules' catalogues, then the web's files over them. */
export const catalogue = (modules: Tree, web: Tree[]): Tree => over(modules, build(...web));
