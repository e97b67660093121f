import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@alterna/core';

// One file layout for every module's src (README "Adding a module"): a newcomer finds a module's routes, schema,
// permissions and activities where they are in every other one, and copies the one layout, not the nearest module.

/** Every module has these files. */
const requiredFiles = ['index.ts', 'module-services.ts', 'types.ts', 'permissions.ts'];
/** Every module has these folders, with these files in them. */
const requiredFolders: Record<string, string[]> = {
  locales: ['index.ts'],
  migrations: [],
  models: ['index.ts'],
  routes: ['index.ts'],
  services: ['index.ts'],
  validation: ['index.ts'],
};
/** A module that has the thing has it here, and nowhere else. */
const optionalFiles: Record<string, string> = {
  'workflow-contract.ts': 'its workflows\' names, inputs and activities\' type (with activities.ts)',
  'activities.ts': 'the activities its workflows proxy (with workflow-contract.ts)',
  'seed.ts': 'the demo data (its parts beside it as seed-<part>.ts)',
  'history.ts': 'the records with a history panel',
  'config.ts': 'the module\'s own settings, read from the environment',
  'register.ts': 'what the register hook gives other modules (usage counts, listeners)',
};
const optionalFolders: Record<string, string> = {
  graphql: 'its part of the GraphQL schema',
  rules: 'pure rules (no database), each with its unit test',
};
/** A module's graphql folder holds exactly these. */
const graphqlFiles = ['index.ts', 'permissions.ts', 'typeDefs.ts', 'resolvers.ts'];

/**
 * What differs from the layout and why; each should go, and the test fails on an entry that no longer exists, so the
 * list only shrinks. Keys are `<module>/<path in src>`.
 */
const allowedExtras: Record<string, string> = {
  // Planning's schema is three areas, each its types, resolvers and compiled answers (merged by graphql/index.ts): the
  // seams of planning's split into modules (issue #26), after which each part has the four files.
  'planning/graphql/lessons.ts': 'planning\'s lessons and calendar area, until planning is split',
  'planning/graphql/groups.ts': 'planning\'s planning groups area, until planning is split',
  'planning/graphql/resources.ts': 'planning\'s resources area, until planning is split',
};

const isFolder = (files: readonly string[], entry: string) => files.some((file) => file.startsWith(`${entry}/`));
const inFolder = (files: readonly string[], folder: string) => files.filter((file) => file.startsWith(`${folder}/`)).map((file) => file.slice(folder.length + 1));

/** Whether a top-level file is one the layout names, given the module's other files. */
function knownFile(entry: string, files: readonly string[]): boolean {
  if (requiredFiles.includes(entry) || entry in optionalFiles) return true;
  if (/^seed-[a-z0-9-]+\.ts$/.test(entry)) return files.includes('seed.ts');
  const tested = /^(.+)\.test\.ts$/.exec(entry);
  return tested !== null && files.includes(`${tested[1]}.ts`) && knownFile(`${tested[1]}.ts`, files);
}

/** What in a module's src (its files, paths relative to src) differs from the layout; empty when it follows it. */
function layoutProblems(module: string, files: readonly string[], extras: Record<string, string> = allowedExtras): string[] {
  const problems: string[] = [];
  const has = (file: string) => files.includes(file);
  const extra = (file: string) => `${module}/${file}` in extras;
  for (const file of requiredFiles) if (!has(file)) problems.push(`${module}: src/${file} is missing`);
  for (const [folder, inside] of Object.entries(requiredFolders)) {
    if (!isFolder(files, folder)) problems.push(`${module}: src/${folder}/ is missing`);
    else for (const file of inside) if (!has(`${folder}/${file}`)) problems.push(`${module}: src/${folder}/${file} is missing`);
  }
  for (const language of ['fr', 'en']) {
    if (!has(`locales/${language}.json`) && !has(`locales/${language}.ts`)) problems.push(`${module}: src/locales/ has no ${language} catalogue`);
  }
  if (has('workflow-contract.ts') !== has('activities.ts')) {
    problems.push(`${module}: src/workflow-contract.ts and src/activities.ts go together (the activities are in activities.ts only)`);
  }
  if (isFolder(files, 'graphql')) {
    for (const file of graphqlFiles) if (!has(`graphql/${file}`)) problems.push(`${module}: src/graphql/${file} is missing`);
    for (const file of inFolder(files, 'graphql')) {
      if (!graphqlFiles.includes(file) && !extra(`graphql/${file}`)) problems.push(`${module}: src/graphql/${file} is not in the layout (${graphqlFiles.join(', ')})`);
    }
  }
  for (const entry of new Set(files.map((file) => file.split('/')[0]!))) {
    const known = isFolder(files, entry) ? entry in requiredFolders || entry in optionalFolders : knownFile(entry, files);
    if (!known && !extra(entry)) problems.push(`${module}: src/${entry}${isFolder(files, entry) ? '/' : ''} is not in the layout (README "Adding a module")`);
  }
  return problems;
}

/**
 * The index takes each part from its place (so nothing is declared inline beside it, activities included), and the
 * graphql index joins its three files. `read` gives a file's text, by its path in src.
 */
function wiringProblems(module: string, files: readonly string[], read: (file: string) => string): string[] {
  const problems: string[] = [];
  const imports = (from: string, target: string) => read(from).includes(`from '${target}'`) || read(from).includes(`import '${target}'`);
  const parts = ['./module-services.js', './permissions.js', './locales/index.js', './services/index.js', './routes/index.js'];
  if (isFolder(files, 'graphql')) parts.push('./graphql/index.js');
  for (const file of ['activities.ts', 'seed.ts', 'history.ts', 'register.ts']) if (files.includes(file)) parts.push(`./${file.replace(/\.ts$/, '.js')}`);
  for (const part of parts) if (!imports('index.ts', part)) problems.push(`${module}: src/index.ts does not import ${part}`);
  if (isFolder(files, 'graphql')) {
    for (const part of ['./typeDefs.js', './resolvers.js', './permissions.js']) if (!imports('graphql/index.ts', part)) problems.push(`${module}: src/graphql/index.ts does not import ${part}`);
  }
  return problems;
}

const modulesDir = path.join(repoRoot, 'modules');
const modules = fs.readdirSync(modulesDir).filter((name) => fs.existsSync(path.join(modulesDir, name, 'src', 'index.ts'))).sort();
const filesOf = (module: string) =>
  (fs.readdirSync(path.join(modulesDir, module, 'src'), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(modulesDir, module, 'src'), path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'))
    .sort();

describe('module layout', () => {
  const follows = ['index.ts', 'module-services.ts', 'types.ts', 'permissions.ts', 'locales/index.ts', 'locales/fr.json', 'locales/en.json',
    'migrations/20260101000100_things.ts', 'models/index.ts', 'routes/index.ts', 'routes/paths.ts', 'services/index.ts', 'validation/index.ts'];

  it('names what differs: a missing file, an unknown entry, a graphql folder of another shape, activities without a contract', () => {
    expect(layoutProblems('probe', follows)).toEqual([]);
    expect(layoutProblems('probe', [...follows, 'seed.ts', 'seed-plan.ts', 'seed-plan.test.ts', 'config.ts', 'config.test.ts', 'rules/age.ts'])).toEqual([]);
    const drifted = follows.filter((file) => file !== 'permissions.ts' && !file.startsWith('routes/'))
      .concat(['routes.ts', 'usage.ts', 'helpers.test.ts', 'activities.ts', 'graphql/index.ts', 'graphql/schema.ts', 'seed-plan.ts']);
    expect(layoutProblems('probe', drifted)).toEqual([
      'probe: src/permissions.ts is missing',
      'probe: src/routes/ is missing',
      'probe: src/workflow-contract.ts and src/activities.ts go together (the activities are in activities.ts only)',
      'probe: src/graphql/permissions.ts is missing',
      'probe: src/graphql/typeDefs.ts is missing',
      'probe: src/graphql/resolvers.ts is missing',
      'probe: src/graphql/schema.ts is not in the layout (index.ts, permissions.ts, typeDefs.ts, resolvers.ts)',
      'probe: src/routes.ts is not in the layout (README "Adding a module")',
      'probe: src/usage.ts is not in the layout (README "Adding a module")',
      'probe: src/helpers.test.ts is not in the layout (README "Adding a module")',
      'probe: src/seed-plan.ts is not in the layout (README "Adding a module")',
    ]);
    expect(layoutProblems('probe', [...follows, 'graphql/index.ts', 'graphql/permissions.ts', 'graphql/typeDefs.ts', 'graphql/resolvers.ts', 'graphql/lessons.ts'], { 'probe/graphql/lessons.ts': 'why' })).toEqual([]);
  });

  it('holds for every module', () => {
    expect(modules).toHaveLength(17);
    expect(modules.flatMap((module) => layoutProblems(module, filesOf(module)))).toEqual([]);
  });

  it('has each module\'s index take its parts from their places, and its graphql index join its three files', () => {
    const read = (module: string) => (file: string) => fs.readFileSync(path.join(modulesDir, module, 'src', file), 'utf8');
    expect(wiringProblems('probe', ['index.ts', 'activities.ts'], (file) => (file === 'index.ts' ? "import './module-services.js';\nimport { routes } from './routes/index.js';" : ''))).toEqual([
      'probe: src/index.ts does not import ./permissions.js',
      'probe: src/index.ts does not import ./locales/index.js',
      'probe: src/index.ts does not import ./services/index.js',
      'probe: src/index.ts does not import ./activities.js',
    ]);
    expect(modules.flatMap((module) => wiringProblems(module, filesOf(module), read(module)))).toEqual([]);
  });

  it('lists only extras that still exist, so the list shrinks', () => {
    const stale = Object.keys(allowedExtras).filter((key) => {
      const [module, ...rest] = key.split('/');
      return !filesOf(module!).some((file) => file === rest.join('/') || file.startsWith(`${rest.join('/')}/`));
    });
    expect(stale).toEqual([]);
  });
});
