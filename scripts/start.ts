// `npm start`: build the web app when its sources are newer than the build, then run the server.
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { buildWebIfStale } from './build-web.ts';

const root = path.resolve(import.meta.dirname, '..');
if (!buildWebIfStale()) process.exit(1);

// Settings may live in a .env file beside package.json (see .env.example); the environment wins.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) {
  const fromFile = fs.readFileSync(envFile, 'utf8');
  for (const [key, value] of Object.entries(parseEnv(fromFile))) process.env[key] ??= value;
}

await import('../server/src/main.ts');
