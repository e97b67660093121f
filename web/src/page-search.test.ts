import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { pageSearch, pageSearchString, readSearch, routeSearchOptions, searchChoice, searchDay, searchId, searchIds, searchText, type SearchSchema } from './page-search';
import { pages, type PageId } from './pages';

const id = '0b7f5c1e-6a7d-4c5e-9f41-2d3c4b5a6978';
const other = '5d2a8c4e-1b3f-4e6a-8c9d-0e1f2a3b4c5d';

// A hand-edited or old URL never breaks a page: what a reader refuses reads as its default.
describe('search readers', () => {
  it('reads what they accept', () => {
    expect(searchText('Girard')).toBe('Girard');
    expect(searchText(12)).toBe('12');
    expect(searchId(id)).toBe(id);
    expect(searchIds(`${id},${id}`)).toEqual([id, id]);
    expect(searchDay('2026-11-30')).toBe('2026-11-30');
    expect(searchChoice(['pending', 'done'] as const, 'pending')('done')).toBe('done');
    // The router reads `?semester=2` as the number 2; a string of a listed number reads as that number.
    expect(searchChoice([1, 2, 3, 4] as const, 1)(2)).toBe(2);
    expect(searchChoice([1, 2, 3, 4] as const, 1)('3')).toBe(3);
  });

  it('falls back to the default on anything else, without throwing', () => {
    for (const raw of [undefined, null, 42, {}, ['x'], 'not-an-id', '2026-13', '<script>']) {
      expect(searchId(raw)).toBeNull();
      expect(searchDay(raw)).toBe('');
      expect(searchChoice(['pending', 'done'] as const, 'pending')(raw)).toBe('pending');
      expect(searchChoice([1, 2, 3, 4] as const, 1)(raw)).toBe(1);
    }
    expect(searchIds(['x', id, 7])).toEqual([id]);
    expect(searchText({ a: 1 })).toBe('');
    expect(searchText('x'.repeat(500))).toHaveLength(200);
  });
});

describe("the pages' URL filters", () => {
  const schemas = pageSearch as Record<string, SearchSchema>;

  it('are declared for pages that exist, and each route reads any URL without throwing', () => {
    const known = new Set<string>(pages.map((page) => page.id));
    expect(Object.keys(schemas).filter((page) => !known.has(page))).toEqual([]);
    for (const page of Object.keys(schemas) as PageId[]) {
      const { validateSearch } = routeSearchOptions(page);
      expect(validateSearch, page).toBeTypeOf('function');
      const defaults = validateSearch!({});
      expect(Object.keys(defaults).sort()).toEqual(Object.keys(schemas[page]!).sort());
      const garbage = Object.fromEntries(Object.keys(defaults).map((name) => [name, { '<script>': [1, null] }]));
      const read = validateSearch!(garbage);
      expect(Object.keys(read).filter((name) => !Number.isNaN(read[name]) && JSON.stringify(read[name]) !== JSON.stringify(defaults[name])), page).toEqual([]);
    }
    // A page without filters gets no validateSearch (its URL is none of its business).
    expect(routeSearchOptions('students.show')).toEqual({});
  });

  it("keeps the calendar's filters in the URL and reads them back", () => {
    const calendar = pageSearch['planning.calendar'];
    const search = pageSearchString('planning.calendar', { campus: id, groups: [id, other], rooms: [], teachers: [other], subject: null, view: 'dayGridMonth', date: '2026-12-07' });
    // Lists are written `a,b`; what is at its default (no rooms, no subject, the week view) stays out of the URL.
    expect(search).toBe(`?campus=${id}&groups=${id}%2C${other}&teachers=${other}&view=dayGridMonth&date=2026-12-07`);
    expect(readSearch(calendar, defaultParseSearch(search))).toEqual({ campus: id, groups: [id, other], rooms: [], teachers: [other], subject: null, view: 'dayGridMonth', date: '2026-12-07' });
    expect(readSearch(calendar, defaultParseSearch('?view=bogus&date=tomorrow&groups=x'))).toMatchObject({ view: 'timeGridWeek', date: null, groups: [] });
    expect(pageSearchString('planning.calendar', { view: 'timeGridWeek', groups: [] })).toBe('');
    expect(pageSearchString('marks.groups', { group: id, semester: 2 })).toBe(`?group=${id}&semester=2`);
    expect(readSearch(pageSearch['marks.groups'], defaultParseSearch('?semester=2'))).toEqual({ group: null, semester: 2 });
  });
});

// Every screen reads and writes its URL filters through usePageSearch(pageId), typed from page-search.ts, whose
// schema router.tsx gives the page's route as validateSearch: no screen parses the URL by hand.
// The web client's sources as text (Vite reads them; the web client imports nothing of Node's).
const sourceTexts = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });
const sources = Object.entries(sourceTexts).map(([file, text]) => ({ file: file.replace(/^\.\//, ''), text }));
const router = sourceTexts['./router.tsx']!;

/** Ways of reading the URL's search by hand. */
const handReads: [string, RegExp][] = [
  ['location.search', /\blocation\??\.search(Str)?\b/],
  ['useSearch(', /\buseSearch\s*\(/],
  ['useLocation(', /\buseLocation\s*\(/],
  ['URL.searchParams', /\.searchParams\b/],
  // Building a request's query (from an object, entries or nothing) is fine; parsing a string is reading one.
  ['URLSearchParams over a string', /new URLSearchParams\((?!\s*\)|\s*\{|\s*Object\.entries\()/],
];
/** Where a hand read is the mechanism itself: the wrapper, and the redirects that carry the search over unread. */
const allowed: Record<string, string[]> = {
  'page-search.ts': ['useSearch('],
  'router.tsx': ['location.search'], // the language guard's redirect keeps `?…` as it is
  'navigation.tsx': ['location.search'], // so does the language switch
};

/** The page ids each screen file serves, with the exported component serving them (router.tsx's table). */
function screenTable(): { page: string; file: string; component: string }[] {
  return [...router.matchAll(/^ {2}'?([\w.]+)'?: screen\(\(\) => import\('\.\/([^']+)'\), '(\w+)'\)/gm)].map(([, page, file, component]) => ({
    page: page!,
    file: `${file}.tsx`,
    component: component!,
  }));
}

/** The top-level names of the first object literal in `text` (`{ a: …, b }` → a, b). */
function objectKeys(text: string): string[] {
  const start = text.indexOf('{');
  const keys: string[] = [];
  let depth = 0;
  let expectKey = true;
  for (let i = start; i < text.length; i++) {
    const char = text[i]!;
    if ('{[('.includes(char)) {
      depth++;
      if (depth === 1) expectKey = true;
      continue;
    }
    if ('}])'.includes(char)) {
      depth--;
      if (depth === 0) break;
      continue;
    }
    if (depth === 1 && char === ',') expectKey = true;
    else if (depth === 1 && expectKey && /[A-Za-z_$]/.test(char)) {
      const name = /^[\w$]+/.exec(text.slice(i))![0];
      keys.push(name);
      i += name.length - 1;
      expectKey = false;
    }
  }
  return keys;
}

/** Each usePageSearch call: the pages it names, the search names it reads and writes. */
function searchCalls(text: string): { ids: string[]; names: string[]; at: number }[] {
  return [...text.matchAll(/(?:const \[\s*(\{[^}]*\}|\w+)\s*(?:,\s*(\w+))?\s*\]\s*=\s*)?usePageSearch\(([^)]*)\)/g)].map((match) => {
    const [, read, setter, args] = match;
    const names: string[] = [];
    if (read?.startsWith('{')) names.push(...objectKeys(read));
    else if (read) {
      names.push(...[...text.matchAll(new RegExp(`\\b${read}\\.(\\w+)`, 'g'))].map((m) => m[1]!));
      for (const destructured of text.matchAll(new RegExp(`const (\\{[^}]*\\}) = ${read}\\b`, 'g'))) names.push(...objectKeys(destructured[1]!));
    }
    if (setter) for (const call of text.matchAll(new RegExp(`\\b${setter}\\(\\{`, 'g'))) names.push(...objectKeys(text.slice(call.index + setter.length + 1)));
    return { ids: [...args!.matchAll(/'([\w.]+)'/g)].map((m) => m[1]!), names, at: match.index };
  });
}

describe('screens read their URL filters through their route', () => {
  it('never read the search by hand (location.search, useSearch, URLSearchParams over a string)', () => {
    expect(sources.length).toBeGreaterThan(150);
    const found = sources.flatMap(({ file, text }) =>
      handReads.filter(([name, pattern]) => pattern.test(text) && !allowed[file]?.includes(name)).map(([name]) => `${file}: ${name}`));
    expect(found).toEqual([]);
  });

  it('the hand-read patterns catch what they are for', () => {
    const caught = (code: string) => handReads.filter(([, pattern]) => pattern.test(code)).map(([name]) => name);
    expect(caught('const params = new URLSearchParams(location.searchStr);')).toEqual(['location.search', 'URLSearchParams over a string']);
    expect(caught("const q = new URL(window.location.href).searchParams.get('q');")).toEqual(['URL.searchParams']);
    expect(caught('const search = useSearch({ strict: false });')).toEqual(['useSearch(']);
    expect(caught("const query = new URLSearchParams({ week }); new URLSearchParams(Object.entries(x)); new URLSearchParams();")).toEqual([]);
  });

  it("name only pages they serve, every page they serve, and only names those pages' routes validate", () => {
    const table = screenTable();
    expect(table.length).toBe(pages.length);
    const schemas = pageSearch as Record<string, SearchSchema>;
    const problems: string[] = [];
    let calls = 0;
    for (const { file, text } of sources) {
      for (const call of searchCalls(text)) {
        if (file === 'page-search.ts') continue;
        calls++;
        const where = `${file}: usePageSearch(${call.ids.join(', ')})`;
        if (!call.ids.length) problems.push(`${where} names no page`);
        for (const page of call.ids) {
          if (!schemas[page]) problems.push(`${where}: ${page} declares no URL filters in page-search.ts`);
          if (!table.some((entry) => entry.page === page && entry.file === file)) problems.push(`${where}: ${page} is not a page of this file`);
          for (const name of call.names) if (schemas[page] && !(name in schemas[page])) problems.push(`${where}: ${page}'s route does not validate '${name}'`);
        }
        // The exported component holding the call: every page it serves is named.
        const component = [...text.slice(0, call.at).matchAll(/^export function (\w+)/gm)].at(-1)?.[1];
        for (const entry of table.filter((e) => e.file === file && e.component === component)) {
          if (!call.ids.includes(entry.page)) problems.push(`${where}: ${component} also serves ${entry.page}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(Object.keys(schemas).length / 2);
    // Each page with filters has a screen reading them.
    const named = new Set(sources.flatMap(({ file, text }) => (file === 'page-search.ts' ? [] : searchCalls(text).flatMap((call) => call.ids))));
    expect(Object.keys(schemas).filter((page) => !named.has(page))).toEqual([]);
  });

  it("give every page's route its schema (router.tsx)", () => {
    const pageRoute = router.slice(router.indexOf('function pageRoutes'));
    expect(pageRoute).toMatch(/createRoute\(\{(?:(?!\}\),)[\s\S])*\.\.\.routeSearchOptions\(page\.id/);
  });

  it('catch a screen reading a name its route does not validate', () => {
    const [call] = searchCalls("const [{ group, semester: chosen }, setSearch] = usePageSearch('marks.groups');\nsetSearch({ group: v, term: x.find((k) => k === v) ?? null });");
    expect(call).toMatchObject({ ids: ['marks.groups'], names: ['group', 'semester', 'group', 'term'] });
    const [named] = searchCalls("const [filters, set] = usePageSearch('planning.progress', 'planning.groups');\nconst { groups, teachers } = filters; filters.week;");
    expect(named).toMatchObject({ ids: ['planning.progress', 'planning.groups'], names: ['week', 'groups', 'teachers'] });
  });
});
