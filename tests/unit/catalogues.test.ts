import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@alterna/core';

/** Every key of a nested catalogue, dotted. */
function keys(catalogue: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function catalogueDirs(): string[] {
  const dirs = [path.join(repoRoot, 'core/src/i18n/locales'), path.join(repoRoot, 'web/src/locales')];
  for (const mod of fs.readdirSync(path.join(repoRoot, 'modules'))) {
    const dir = path.join(repoRoot, 'modules', mod, 'src/locales');
    if (fs.existsSync(dir)) dirs.push(dir);
  }
  return dirs;
}

describe('message catalogues', () => {
  it.each(catalogueDirs().map((dir) => [path.relative(repoRoot, dir), dir]))('%s has the same keys in French and English, none empty', (_name, dir) => {
    const read = (lang: string) => JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
    const fr = read('fr');
    const en = read('en');
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const empty = (c: Record<string, unknown>) => keys(c).filter((k) => k.split('.').reduce<any>((o, part) => o[part], c) === '');
    expect(empty(fr)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });

  it('keeps the SPEC 500 message word for word in French', () => {
    const fr = JSON.parse(fs.readFileSync(path.join(repoRoot, 'core/src/i18n/locales/fr.json'), 'utf8'));
    expect(fr.errors.internal).toBe('Une erreur 500 est survenue, veuillez contacter le support pour leur informer du problème');
  });
});
