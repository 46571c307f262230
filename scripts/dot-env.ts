import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** Settings may live in a .env file beside package.json (see .env.example); the environment wins. */
export function loadDotEnv(): void {
  const envFile = path.resolve(import.meta.dirname, '..', '.env');
  if (!fs.existsSync(envFile)) return;
  for (const [key, value] of Object.entries(parseEnv(fs.readFileSync(envFile, 'utf8')))) {
    process.env[key] ??= value;
  }
}
