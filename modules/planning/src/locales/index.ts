type Catalogue = Record<string, unknown>;
import commonFr from './common.fr.json' with { type: 'json' };
import commonEn from './common.en.json' with { type: 'json' };
import lessonsFr from './lessons.fr.json' with { type: 'json' };
import lessonsEn from './lessons.en.json' with { type: 'json' };
import bulkFr from './bulk.fr.json' with { type: 'json' };
import bulkEn from './bulk.en.json' with { type: 'json' };
import groupsFr from './groups.fr.json' with { type: 'json' };
import groupsEn from './groups.en.json' with { type: 'json' };
import resourcesFr from './resources.fr.json' with { type: 'json' };
import resourcesEn from './resources.en.json' with { type: 'json' };
import feedsFr from './feeds.fr.json' with { type: 'json' };
import feedsEn from './feeds.en.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

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
const catalogue = (...files: Tree[]) => files.reduce((all, file) => merge(all, file), {} as Tree) as Catalogue;

/** One catalogue per language, merged from one file per area of the module (each area owns its file). */
export const fr = catalogue(commonFr, lessonsFr, bulkFr, groupsFr, resourcesFr, feedsFr);
export const en = catalogue(commonEn, lessonsEn, bulkEn, groupsEn, resourcesEn, feedsEn);
