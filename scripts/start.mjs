// `npm start` on a fresh clone: install what is missing, build the web client if it is stale, then run
// everything in one process (workflows/src/bin/start.ts). Plain Node: it runs before dependencies exist.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (message) => console.log(`[alterna] ${message}`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[alterna] "${command} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  say('Installing dependencies (npm ci)...');
  run(npm, ['ci']);
}

const builtIndex = path.join(root, 'web', 'dist', 'index.html');
const webSources = [path.join(root, 'web', 'src'), path.join(root, 'web', 'index.html')];
const sourcesTime = Math.max(...webSources.filter((p) => fs.existsSync(p)).map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)));
if (!fs.existsSync(builtIndex) || fs.statSync(builtIndex).mtimeMs < sourcesTime) {
  say('Building the web client...');
  run(npm, ['run', 'build:web']);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'workflows', 'src', 'bin', 'start.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
