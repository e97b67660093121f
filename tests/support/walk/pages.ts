import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@alterna/core';

// The web's page table (web/src/pages.ts), read as the walk's declaration: every page with its English and
// French path (TanStack `$param` syntax) and its space. Loaded at run time: the web is not part of the
// tests' TypeScript project.

export type Lang = 'en' | 'fr';
export type Space = 'public' | 'staff' | 'teacher' | 'coach' | 'tutor' | 'corporation' | 'student';

export interface WalkPage {
  id: string;
  en: string;
  fr: string;
  space: Space;
  navKey: string | null;
}

export async function pageTable(): Promise<WalkPage[]> {
  const table = (await import(pathToFileURL(path.join(repoRoot, 'web', 'src', 'pages.ts')).href)) as { pages: readonly WalkPage[] };
  return [...table.pages];
}

/** The `$params` of a path template, in order. */
export const templateParams = (template: string): string[] => [...template.matchAll(/\$([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/** Every `$param` of a page, in either language's path. */
export const pageParams = (page: WalkPage): string[] => [...new Set([...templateParams(page.en), ...templateParams(page.fr)])];

export function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\$([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(params[name]!));
}

/** The page a pathname is, with the languages whose path it is (both when the page has one path). */
export function pageAt(table: readonly WalkPage[], pathname: string): { page: WalkPage; langs: Lang[] } | null {
  const segments = pathname.replace(/\/+$/, '').split('/');
  const fits = (template: string) => {
    const parts = template.split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith('$') ? segments[i] !== '' : part === segments[i]));
  };
  for (const page of table) {
    const langs = (['en', 'fr'] as const).filter((lang) => fits(page[lang]));
    if (langs.length) return { page, langs };
  }
  return null;
}
