import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { loadDevTools, requireDevTools } from './dev-tools.js';

const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'alterna-dev-tools-'));
afterAll(() => fs.rmSync(broken, { recursive: true, force: true }));

describe('the development tools, where a production image has none', () => {
  it('are null when the package is not installed, and a configuration error names what to set instead', async () => {
    expect(await loadDevTools('@alterna/dev-not-installed')).toBeNull();
    const refused = await requireDevTools(['DATABASE_URL', 'TEMPORAL_ADDRESS'], '@alterna/dev-not-installed').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems).toEqual([
      'DATABASE_URL must be set: the development tools (@alterna/dev-not-installed) that stand in for it when unset are not installed here',
      'TEMPORAL_ADDRESS must be set: the development tools (@alterna/dev-not-installed) that stand in for it when unset are not installed here',
    ]);
  });

  it('let a failure inside an installed package through (a bug to show, not "not installed")', async () => {
    const entry = path.join(broken, 'index.mjs');
    fs.writeFileSync(entry, "import 'some-package-nobody-installed';\n");
    await expect(loadDevTools(entry)).rejects.toThrow(/some-package-nobody-installed/);
  });
});
