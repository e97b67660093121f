// `npm run build:server`: the API, the worker and the migrator as plain JavaScript in dist/server/, so production
// starts them with `node` (listening in seconds) instead of transpiling TypeScript at every start (tsx: ~22 s, more
// on a loaded machine). The workspace's code (core, modules, workflows) is bundled; its dependencies stay in
// node_modules, imported as installed. Plain Node: it runs before anything is compiled.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--outdir dist/<name>` builds elsewhere in the checkout (a test's own copy; dependencies are found from there
// as from dist/server); `--no-workflow-bundle` leaves the worker to bundle its workflows at start.
const option = (name) => process.argv.indexOf(name);
const outdir = option('--outdir') > 0 ? path.resolve(root, process.argv[option('--outdir') + 1]) : path.join(root, 'dist', 'server');
if (!outdir.startsWith(path.join(root, 'dist') + path.sep)) {
  console.error(`[alterna] --outdir must be a folder under dist/ (got ${outdir})`);
  process.exit(1);
}
const shown = posixPath(path.relative(root, outdir));
const entryPoints = {
  api: path.join(root, 'core/src/bin/api.ts'),
  migrate: path.join(root, 'core/src/bin/migrate.ts'),
  worker: path.join(root, 'workflows/src/bin/worker.ts'),
};
function posixPath(p) {
  return p.split(path.sep).join('/');
}
const fromOutput = (file) => {
  const relative = posixPath(path.relative(outdir, file));
  return relative.startsWith('.') ? relative : `./${relative}`;
};

// The core finds the installed modules in modules/ at start (discover.ts imports each entry by its path, which
// node cannot do for TypeScript): the build finds them instead, in the same order, and imports them by name.
const installedModules = {
  name: 'installed-modules',
  setup(build) {
    build.onLoad({ filter: /[\\/]core[\\/]src[\\/]modules[\\/]discover\.ts$/ }, () => {
      const modulesDir = path.join(root, 'modules');
      const names = fs.readdirSync(modulesDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(modulesDir, entry.name, 'package.json')))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((entry) => JSON.parse(fs.readFileSync(path.join(modulesDir, entry.name, 'package.json'), 'utf8')).name);
      const contents = [
        ...names.map((name, i) => `import module${i} from ${JSON.stringify(name)};`),
        '/** The modules installed when this server was built, in folder order (discover.ts at build time). */',
        `export async function discoverModules() { return [${names.map((_, i) => `module${i}`).join(', ')}]; }`,
      ].join('\n');
      return { contents, loader: 'ts', resolveDir: path.dirname(path.join(root, 'core/src/modules/discover.ts')) };
    });
  },
};

// A source file's import.meta.url stays its own (the repository root, a module's assets, createRequire's
// resolutions): the bundle sits elsewhere, so each one is made relative to where the file is in the checkout.
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = fs.readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const own = `new URL(${JSON.stringify(fromOutput(args.path))}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
    });
  },
};

// Dependencies are not bundled. Most are found from dist/server as from anywhere in the checkout (the root's
// node_modules); a package a workspace keeps in its own node_modules (another version: mailbox's mjml,
// attendance's archiver) is imported by its path there.
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
const dependencies = {
  name: 'dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData?.resolving || args.path.startsWith('@alterna/')) return undefined;
      if (builtins.has(args.path) || builtins.has(args.path.split('/')[0])) return { path: args.path, external: true };
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      for (let dir = args.resolveDir; dir.startsWith(root) && dir !== root; dir = path.dirname(dir)) {
        if (!fs.existsSync(path.join(dir, 'node_modules', name))) continue;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { resolving: true } });
        if (resolved.errors.length) return { errors: resolved.errors };
        return { path: fromOutput(resolved.path), external: true };
      }
      return { path: args.path, external: true };
    });
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await esbuild.build({
  entryPoints,
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [installedModules, sourceUrls, dependencies],
});
console.log(`[alterna] server built in ${Date.now() - started} ms: ${Object.keys(entryPoints).map((name) => `${shown}/${name}.js`).join(', ')}`);
if (process.argv.includes('--no-workflow-bundle')) process.exit(0);

// The worker's workflow code, bundled once here rather than at each start (workflows/src/bin/worker.ts takes it).
const { bundleWorkflowCode } = await import('@temporalio/worker');
const workflows = await bundleWorkflowCode({ workflowsPath: path.join(root, 'workflows/src/workflows.ts'), logger: quietLogger() });
fs.writeFileSync(path.join(outdir, 'workflows.bundle.js'), workflows.code);
console.log(`[alterna] workflow bundle: ${shown}/workflows.bundle.js`);

function quietLogger() {
  const quiet = () => {};
  return { trace: quiet, debug: quiet, info: quiet, warn: (message) => console.warn(message), error: (message) => console.error(message) };
}
