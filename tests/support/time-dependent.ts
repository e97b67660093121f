// Which test files depend on the hour or the day: those that read the clock themselves (lessonNow, todayIn, now…)
// or through the attendance fixtures (a lesson under way now), and the page walk (its pages show what the demo seed
// made of today). Fixtures that only use today to find the current school year are not counted: every file uses them.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@alterna/core';

const clockCall = /\b(lessonNow|todayIn|nowMs|parisToday)\(|(?<![.\w])now\(\)/;
const alwaysListed = ['tests/e2e/page-walk.e2e.ts'];
const hourly = (file: string) => /tests\/support\/attendance\//.test(file);
const listFile = path.join(repoRoot, 'tests', 'time-dependent.txt');

/** tests/time-dependent.txt: one path a line, '#' comments. */
export function timeDependentFiles(): string[] {
  return fs.readFileSync(listFile, 'utf8').split('\n').map((line) => line.replace(/#.*/, '').trim()).filter(Boolean);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []);
}

/** The API and e2e test files that read the clock themselves or import the attendance fixtures. */
export function clockReaders(root: string): string[] {
  const tests = filesUnder(path.join(root, 'tests')).filter((file) => /tests\/(api|e2e)\/.*\.(test|e2e)\.ts$/.test(file));
  const found = tests.filter((file) => {
    const source = fs.readFileSync(file, 'utf8');
    const imported = [...source.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].map((match) => path.resolve(path.dirname(file), match[1]!));
    return clockCall.test(source) || imported.some(hourly);
  }).map((file) => path.relative(root, file));
  return [...new Set([...found, ...alwaysListed])].sort();
}
