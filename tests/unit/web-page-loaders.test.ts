import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webSrc = path.join(root, 'web/src');
const read = (file: string) => readFileSync(path.join(webSrc, file), 'utf8');

// The pages that load through their route's loader (issue #27): the loader fills the QueryClient (router context),
// the screen reads the same page query (usePageQuery), never loads its data itself. A page added here stays here.
const loaded = [
  'people.actors',
  'people.corporations',
  'people.tutors',
  'students.list',
  'trainingCentre.campuses',
  'trainingCentre.closures',
  'trainingCentre.organisation',
  'trainingCentre.timeSlots',
  'trainings.gradeScales',
  'trainings.groups',
  'trainings.list',
  'trainings.new',
  'trainings.subjects',
];

/** router.tsx's screen of each page: 'id': screen(() => import('./screens/…'), 'Name'). */
function screenFiles(): Map<string, string> {
  const router = read('router.tsx');
  const files = new Map<string, string>();
  for (const [, id, file] of router.matchAll(/'([\w.]+)': screen\(\(\) => import\('\.\/([^']+)'\)/g)) files.set(id!, `${file}.tsx`);
  return files;
}

/** page-loaders.ts's queries module of each page: const name = () => import('./screens/…/queries'). */
function loaderModules(): Map<string, string> {
  const source = read('page-loaders.ts');
  const modules = new Map<string, string>();
  for (const [, name, file] of source.matchAll(/const (\w+): LoaderModule = \(\) => import\('\.\/([^']+)'\)/g)) modules.set(name!, `${file}.ts`);
  const pages = new Map<string, string>();
  for (const [, id, name] of source.matchAll(/'([\w.]+)': (\w+),/g)) pages.set(id!, modules.get(name!)!);
  return pages;
}

describe('route loaders', () => {
  it('lists the pages whose route has a loader', () => {
    // page-loaders.ts's pageLoaders, read as text (the web client is not part of the tests' TypeScript project).
    expect([...loaderModules().keys()].sort()).toEqual(loaded);
    // The router gives each of them its loader, with the validated search as its deps, and the QueryClient as context.
    const router = read('router.tsx');
    expect(router).toContain('pageLoader(page.id as PageId)');
    expect(router).toContain('loaderDeps: ({ search }');
    expect(router).toContain('context: { queryClient }');
    expect(router).toContain("import('./layout/QueryRoot')");
    expect(router).toContain('component: queryRoot');
  });

  it('keeps each page loading in its loader, not in its screen', () => {
    const screens = screenFiles();
    const modules = loaderModules();
    for (const id of loaded) {
      const screen = screens.get(id);
      expect(screen, `${id} has a screen in router.tsx`).toBeDefined();
      const code = read(screen!);
      // The screen reads the loader's queries; a load of its own (usePageData, an effect, the api's load functions) fails.
      expect(code, `${screen} reads its page queries`).toMatch(/usePageQuery\(/);
      expect(code, `${screen} loads nothing itself`).not.toMatch(/usePageData\(|useLoaded\(|useEffect\(|\bload[A-Z]\w*\(/);
      const queries = modules.get(id);
      expect(queries, `${id}'s queries module`).toBeDefined();
      expect(read(queries!), `${queries} declares the loader of ${id}`).toContain(`'${id}': `);
    }
  });

  it('keeps the loaders out of the first visit: each queries module is imported on demand', () => {
    const source = read('page-loaders.ts');
    expect(source).not.toMatch(/^import (?!type ).*screens\//m);
  });
});
