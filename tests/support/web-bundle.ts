import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from '@alterna/core';

export const webDist = path.join(repoRoot, 'web', 'dist');

export interface Chunk {
  file: string;
  bytes: number;
  gzipBytes: number;
}

const gzipSize = (text: Buffer) => zlib.gzipSync(text, { level: 9 }).length;

function chunk(file: string): Chunk {
  const content = fs.readFileSync(path.join(webDist, file));
  return { file, bytes: content.length, gzipBytes: gzipSize(content) };
}

/** Chunks a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`), not its dynamic imports. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(webDist, file), 'utf8');
  const found = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => m[1]!);
  return found.map((spec) => path.posix.join(path.posix.dirname(file), spec));
}

/** Each language's catalogue chunk (web/src/locales/catalogue.<lang>.ts), loaded before the first render. */
const languageChunks = () => fs.readdirSync(path.join(webDist, 'assets')).filter((f) => /^catalogue\.(fr|en)-.*\.js$/.test(f)).map((f) => `assets/${f}`);

/**
 * The JS a first visit downloads: index.html's entry and preloaded chunks, the heavier language's catalogue (a
 * visitor gets one), and everything they import statically.
 */
export function initialChunks(): Chunk[] {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const heaviest = languageChunks().map(chunk).sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
  const queue = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!).concat(heaviest ? [heaviest.file] : []);
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen].sort().map(chunk);
}

/** Every JS chunk of the build. */
export function allChunks(): Chunk[] {
  return fs.readdirSync(path.join(webDist, 'assets')).filter((f) => f.endsWith('.js')).sort().map((f) => chunk(`assets/${f}`));
}

/** The chunks whose source map names a source under one of these paths (e.g. node_modules/@fullcalendar/). */
export function chunksWithSources(pattern: RegExp): string[] {
  return allChunks()
    .filter((c) => {
      const mapFile = path.join(webDist, `${c.file}.map`);
      if (!fs.existsSync(mapFile)) return false;
      const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
      return map.sources.some((source) => pattern.test(source));
    })
    .map((c) => c.file);
}

export const kilobytes = (bytes: number) => Math.round(bytes / 102.4) / 10;
