// The web's catalogues: the main files plus one file per planning area (each area owns its own file).
import en from './en.json';
import fr from './fr.json';
import planningCommonEn from './planning/common.en.json';
import planningCommonFr from './planning/common.fr.json';
import planningCalendarEn from './planning/calendar.en.json';
import planningCalendarFr from './planning/calendar.fr.json';
import planningBulkEn from './planning/bulk.en.json';
import planningBulkFr from './planning/bulk.fr.json';
import planningGroupsEn from './planning/groups.en.json';
import planningGroupsFr from './planning/groups.fr.json';
import planningResourcesEn from './planning/resources.en.json';
import planningResourcesFr from './planning/resources.fr.json';

type Tree = { [key: string]: unknown };

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

export const frCatalogue = build(fr, planningCommonFr, planningCalendarFr, planningBulkFr, planningGroupsFr, planningResourcesFr);
export const enCatalogue = build(en, planningCommonEn, planningCalendarEn, planningBulkEn, planningGroupsEn, planningResourcesEn);
