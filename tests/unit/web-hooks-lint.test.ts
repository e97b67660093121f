import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webSrc = path.join(root, 'web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && entry.name !== 'routeTree.gen.ts' ? [full] : [];
  });
}

// The hook rules (rules-of-hooks, exhaustive-deps) hold in the web client without exceptions: a dependency left
// out on purpose is an effect event (useEffectEvent) or a query key, never a comment that turns the rule off.
describe('web lint', () => {
  it('turns on the hook rules for web/src', () => {
    const config = readFileSync(path.join(root, 'scripts/eslint.config.js'), 'utf8');
    expect(config).toContain("'react-hooks/rules-of-hooks': 'error'");
    expect(config).toContain("'react-hooks/exhaustive-deps': 'error'");
  });

  it('holds no eslint-disable comment in web/src', () => {
    const disabled = sourceFiles(webSrc)
      .filter((file) => /eslint-disable/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(disabled).toEqual([]);
  });
});
