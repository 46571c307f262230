// Builds the web app when its sources are newer than the build (or there is none), so `npm start`,
// the size budget in `npm run lint` and the browser tests share one build. `--force` always builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { webDist } from './web-bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/vite-chunks.ts',
  'web/vite-module-graph.ts',
  'web/vite-precompress.ts',
  'web/postcss.config.cjs',
  'web/package.json',
  'shared/src',
  'package-lock.json',
];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Returns false when a needed build failed (its output is on the console). */
export function buildWebIfStale(force = false): boolean {
  // The manifest is written last of the files the budget reads; index.html alone may predate it.
  const builtAt = Math.min(
    fs.statSync(path.join(webDist, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0,
    fs.statSync(path.join(webDist, '.vite/manifest.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0,
  );
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  if (!force && changedAt <= builtAt) return true;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

if (import.meta.main && !buildWebIfStale(process.argv.includes('--force'))) process.exit(1);
