import type { TFunction } from 'i18next';
import { fr } from '@alterna/booklets/locales';

// Booklet items are named by the centre, most often with a fixed kind's French name ("Évaluation finale", the
// demo's too): such a title is the kind, and an English page reads the kind's English name (issue #25).
const kindOfFrenchName = new Map(Object.entries(fr.modules).map(([kind, name]) => [name.toLocaleLowerCase('fr'), kind]));

/** A booklet item's title in the page's language when it is a fixed kind's French name; any other title as written. */
export function itemTitle(title: string, t: TFunction): string {
  const kind = kindOfFrenchName.get(title.trim().toLocaleLowerCase('fr'));
  return kind ? String(t(`booklets.modules.${kind}`)) : title;
}
