import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@alterna/core';

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as Record<string, any>;
const at = (catalogue: Record<string, any>, key: string) => key.split('.').reduce<any>((node, part) => node?.[part], catalogue);

/** Message keys of the shared schemas (modules/training-centre/src/validation), read from the source. */
function schemaKeys(): string[] {
  const source = fs.readFileSync(path.join(repoRoot, 'modules/training-centre/src/validation/index.ts'), 'utf8');
  return [...new Set([...source.matchAll(/'(training-centre\.[\w.]+)'/g)].map((match) => match[1]!))];
}

describe('training-centre form messages', () => {
  it('finds the shared schemas’ messages', () => {
    expect(schemaKeys()).toContain('training-centre.timeSlot.modelRequired');
  });

  // The web's merged catalogue answers them from the module's own (web/src/locales/locales.test.ts checks each
  // key there): no copy in the web's files to drift apart.
  it.each(['fr', 'en'])('the server has every shared-schema message, and the web keeps no copy of them (%s)', (lang) => {
    const web = read(`web/src/locales/${lang}.json`);
    const server = { 'training-centre': read(`modules/training-centre/src/locales/${lang}.json`) };
    for (const key of schemaKeys()) {
      expect(at(server, key), key).toBeTypeOf('string');
      expect(at(web, key), key).toBeUndefined();
    }
  });

  it('keeps the SPEC rule "a model must be selected" in both languages', () => {
    expect(read('modules/training-centre/src/locales/en.json').timeSlot.modelRequired).toBe('A model must be selected.');
    expect(read('modules/training-centre/src/locales/fr.json').timeSlot.modelRequired).toBe('Un modèle doit être sélectionné.');
  });
});
