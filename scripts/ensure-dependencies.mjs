// `npm test` first step: the dependencies, exactly as locked, before anything from node_modules runs (tsx included).
// Plain Node for that reason, like scripts/start.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Whether `npm ci` is due: nothing installed, or package-lock.json changed since the last install
 * (npm writes node_modules/.package-lock.json at the end of every install, so it is the newer of the two).
 * @param {{ lockMtimeMs: number, installedMtimeMs: number | null }} facts
 * @returns {boolean}
 */
export function dependenciesStale({ lockMtimeMs, installedMtimeMs }) {
  return installedMtimeMs === null || lockMtimeMs > installedMtimeMs;
}

/**
 * Runs `npm ci` in `root` when the dependencies are missing or stale; exits on failure.
 * @param {string} root
 */
export function ensureDependencies(root) {
  const mtime = (/** @type {string} */ file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : null);
  const facts = { lockMtimeMs: mtime(path.join(root, 'package-lock.json')) ?? 0, installedMtimeMs: mtime(path.join(root, 'node_modules', '.package-lock.json')) };
  if (!dependenciesStale(facts)) return;
  console.log(`[test] ${facts.installedMtimeMs === null ? 'No dependencies installed' : 'package-lock.json changed since the last install'}: npm ci`);
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[test] npm ci failed (exit ${result.status ?? result.signal}).`);
    // The run's one summary line, so that whoever reads only the last line (or the summary file) sees the failure.
    if (process.env.ALTERNA_TEST_SUMMARY) fs.writeFileSync(process.env.ALTERNA_TEST_SUMMARY, '0 passed, 1 failed\n');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureDependencies(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
}
