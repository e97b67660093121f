import { describe, expect, it } from 'vitest';
import { enCatalogue as en, frCatalogue } from './catalogues';
import frMain from './fr.json';

const fr = frCatalogue;

function keys(node: unknown, prefix = ''): string[] {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('locales', () => {
  it('fr and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
  });

  it('keeps the SPEC messages word for word in French', () => {
    expect(frMain.errors.server500).toBe('Une erreur 500 est survenue, veuillez contacter le support pour leur informer du problème');
  });

  it('has no empty translation', () => {
    for (const catalogue of [fr, en]) {
      const flat = keys(catalogue);
      for (const key of flat) {
        const value = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], catalogue);
        expect(typeof value === 'string' && value.length > 0, key).toBe(true);
      }
    }
  });
});
