import type { Lang, Space, WalkPage } from './pages.js';

// Who opens each page of the walk: a demo login (modules/identity/src/seed.ts) whose space is the page's.
// Pedagogy holds every staff permission, so it opens the staff pages that act on one record; the staff menu's
// pages are opened by the read-only login in French and the Lyon campus manager in English, the two menus the
// role walk of issue #9 proved (a reader must never meet a refusal on a page its menu offers).

const spaceTypology: Record<Exclude<Space, 'public' | 'staff'>, string> = {
  teacher: 'teacher',
  coach: 'coach',
  tutor: 'tutor',
  corporation: 'corporation-contact',
  student: 'student',
};

/** The demo typology that opens a page in a language; null: logged out (the public pages). */
export function walkerOf(page: WalkPage, lang: Lang): string | null {
  if (page.space === 'public') return null;
  if (page.space === 'staff') {
    if (page.navKey === null) return 'pedagogy';
    return lang === 'fr' ? 'read-only' : 'campus-manager';
  }
  return spaceTypology[page.space];
}
