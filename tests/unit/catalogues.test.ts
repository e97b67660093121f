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

/** Every catalogue pair: `fr.json`/`en.json`, or `<area>.fr.json`/`<area>.en.json` where a module splits its messages by area. */
function cataloguePairs(): [name: string, fr: string, en: string][] {
  const dirs = [path.join(repoRoot, 'core/src/i18n/locales'), path.join(repoRoot, 'web/src/locales'), path.join(repoRoot, 'web/src/locales/planning')];
  for (const mod of fs.readdirSync(path.join(repoRoot, 'modules'))) {
    const dir = path.join(repoRoot, 'modules', mod, 'src/locales');
    if (fs.existsSync(dir)) dirs.push(dir);
  }
  return dirs.flatMap((dir) =>
    fs.readdirSync(dir).filter((file) => file.endsWith('fr.json')).map((file): [string, string, string] => [
      path.relative(repoRoot, path.join(dir, file)), path.join(dir, file), path.join(dir, file.replace(/fr\.json$/, 'en.json')),
    ]),
  );
}

describe('message catalogues', () => {
  it.each(cataloguePairs())('%s has the same keys in French and English, none empty', (_name, frFile, enFile) => {
    const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const fr = read(frFile);
    const en = read(enFile);
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
