// The web's catalogues: the modules' own catalogues (each under the web's name of its area), then the main files
// plus one file per planning area (each area owns its own file). A message the server also sends is the module's,
// never a copy here; the web's wording wins only where it differs on purpose (capitalised labels of in-sentence words).
import * as attendance from '@alterna/attendance/locales';
import * as booklets from '@alterna/booklets/locales';
import * as courses from '@alterna/courses/locales';
import * as marks from '@alterna/marks/locales';
import * as people from '@alterna/people/locales';
import * as planning from '@alterna/planning/locales';
import * as profileChanges from '@alterna/profile-changes/locales';
import * as students from '@alterna/students/locales';
import * as teaching from '@alterna/teaching/locales';
import * as trainingCentre from '@alterna/training-centre/locales';
import * as trainings from '@alterna/trainings/locales';
import en from './en.json';
import fr from './fr.json';
import coursesEn from './courses.en.json';
import coursesFr from './courses.fr.json';
import marksEn from './marks.en.json';
import marksFr from './marks.fr.json';
import bookletsEn from './booklets.en.json';
import bookletsFr from './booklets.fr.json';
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

/** `web` over `base`: the web's leaves replace the module's at the same key. */
function over(base: Tree, web: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(web)) {
    const existing = out[key];
    out[key] = value && typeof value === 'object' && existing && typeof existing === 'object' ? over(existing as Tree, value as Tree) : value;
  }
  return out;
}

type Language = 'fr' | 'en';
/** The modules' catalogues under the keys the screens use. */
const modules = (lang: Language): Tree => ({
  attendance: attendance[lang],
  booklets: booklets[lang],
  courses: courses[lang],
  marks: marks[lang],
  people: people[lang],
  planning: planning[lang],
  profileChanges: profileChanges[lang],
  students: students[lang],
  teaching: teaching[lang],
  trainingCentre: trainingCentre[lang],
  // The shared validation schemas name their messages by module (`training-centre.campus.openDaysRequired`),
  // as the server translates them: the same catalogue answers under that name too, never a copy.
  'training-centre': trainingCentre[lang],
  trainings: trainings[lang],
});

export const frCatalogue = over(modules('fr'), build(fr, coursesFr, marksFr, bookletsFr, planningCommonFr, planningCalendarFr, planningBulkFr, planningGroupsFr, planningResourcesFr));
export const enCatalogue = over(modules('en'), build(en, coursesEn, marksEn, bookletsEn, planningCommonEn, planningCalendarEn, planningBulkEn, planningGroupsEn, planningResourcesEn));
