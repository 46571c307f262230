// `npm start`: build the web app when its sources are newer than the build, then run the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'web/dist/index.html');
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'shared/src'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (changedAt > builtAt) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Settings may live in a .env file beside package.json (see .env.example); the environment wins.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) {
  const fromFile = fs.readFileSync(envFile, 'utf8');
  for (const [key, value] of Object.entries(parseEnv(fromFile))) process.env[key] ??= value;
}

await import('../server/src/main.ts');
