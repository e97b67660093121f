import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { followerTypologies, managerTypologies, repoRoot, staffTypologies, teacherTypologies, typologies } from '@alterna/core';

// Who may see which campus and person is written once (issue #26): the typology lists are the core's
// (core/src/auth/typologies.ts), a person's campuses are identity's (its `visibility` service). A module that
// declares its own list or reads the access rules in its own SQL fails here, naming the file.

const modulesDir = path.join(repoRoot, 'modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const moduleFiles = fs.readdirSync(modulesDir)
  .filter((name) => fs.existsSync(path.join(modulesDir, name, 'src')))
  .flatMap((name) => sourceFiles(path.join(modulesDir, name, 'src')).map((file) => ({ module: name, file })));

// The core's own files too, but the one definition.
const coreFiles = sourceFiles(path.join(repoRoot, 'core', 'src')).filter((file) => !file.endsWith(path.join('auth', 'typologies.ts')));

const shared = { managerTypologies, staffTypologies, teacherTypologies, followerTypologies } as const;
const known = new Set<string>(typologies);

/** The shared lists a text restates: an array literal or an SQL IN list holding all of one list's typologies. */
export function restatedLists(text: string): string[] {
  const lists = [...text.matchAll(/\[([^[\]]*)\]|\bIN\s*\(([^()]*)\)/gi)].map((m) => m[1] ?? m[2] ?? '');
  return lists.flatMap((list) => {
    const names = new Set([...list.matchAll(/['"]([a-z-]+)['"]/g)].map((m) => m[1]!).filter((name) => known.has(name)));
    if (names.size < 2) return [];
    return Object.entries(shared).filter(([, typologyList]) => typologyList.every((name) => names.has(name))).map(([name]) => name);
  });
}

/** Where a text reads the access rules in SQL (the table or identity's read view of it). */
export function readsAccessRules(text: string): boolean {
  return /\b(?:identity_)?actor_access_rules\b/.test(text);
}

// Shrinking: the demo context loader takes only a knex (the planning seed test calls it so), not identity's services.
const accessRuleReaders = ['modules/planning/src/seed-context.ts'];

describe('visibility written once', () => {
  it('finds a restated list and leaves a single typology or another list alone', () => {
    expect(restatedLists("const managers = ['pedagogy', 'isd', 'management', 'campus-manager'];")).toEqual(['managerTypologies']);
    expect(restatedLists("typologies: ['teacher', 'trainer', 'student']")).toEqual(['teacherTypologies']);
    expect(restatedLists("AND r.typology IN ('teacher', 'trainer')")).toEqual(['teacherTypologies']);
    expect(restatedLists("typologies: [...managerTypologies, 'coach']")).toEqual([]);
    expect(restatedLists("typologies: ['pedagogy', 'management']")).toEqual([]);
    expect(restatedLists("where('typology', 'student')")).toEqual([]);
    expect(readsAccessRules("knex('identity_actor_access_rules as r')")).toBe(true);
    expect(readsAccessRules("visibility.rules(knex, { actors })")).toBe(false);
  });

  it("has no module declare a typology list of its own: they use the core's", () => {
    const found = [...moduleFiles.map(({ file }) => file), ...coreFiles].flatMap((file) =>
      restatedLists(fs.readFileSync(file, 'utf8')).map((list) => `${path.relative(repoRoot, file)} restates ${list}`));
    expect(found).toEqual([]);
  });

  it("has no module but identity read the access rules in its SQL: they ask identity's visibility", () => {
    const found = moduleFiles
      .filter(({ module, file }) => module !== 'identity' && readsAccessRules(fs.readFileSync(file, 'utf8')))
      .map(({ file }) => path.relative(repoRoot, file))
      .filter((file) => !accessRuleReaders.includes(file));
    expect(found).toEqual([]);
    // The exceptions still need to be one: a file that no longer reads them leaves the list.
    expect(accessRuleReaders.filter((file) => !readsAccessRules(fs.readFileSync(path.join(repoRoot, file), 'utf8')))).toEqual([]);
  });

  it('keeps the shared lists what SPEC §6 and the permissions say', () => {
    expect(staffTypologies).toEqual([...managerTypologies, 'read-only']);
    expect([...managerTypologies, ...teacherTypologies, ...followerTypologies].every((name) => known.has(name))).toBe(true);
  });
});
