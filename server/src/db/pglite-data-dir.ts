import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * PostgreSQL's settings for the embedded database. PGlite's own default gives it 160 MB of shared
 * buffers and touches them all at start; WASM memory never shrinks, so that was a third of the idle
 * server's memory. The embedded database is the small-deployment option: pages past these stay in
 * the OS file cache.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** Where the embedded database lives inside DATA_DIR. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * Makes `dir` a PostgreSQL data folder when it is not one yet. initdb is seconds of CPU and, inside
 * PGlite, runs a second whole PostgreSQL beside the first and copies the new cluster between them:
 * a child process does it, so none of that memory stays with the server (a worker thread's would
 * stay in the allocator), and the caller's thread stays free: the server loads its modules
 * meanwhile, on the other core.
 */
export async function initPgliteDataDir(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`${dir} holds files but no database: move them away or point DATA_DIR elsewhere.`);
  }
  // Built beside and renamed into place: a start cut short leaves no half-made cluster in `dir`.
  const building = `${dir}.initdb-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), building], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    fs.rmSync(building, { recursive: true, force: true });
    throw new Error(`Initialising the embedded database in ${dir} failed (exit ${code}):\n${stderr}`);
  }
  if (fs.existsSync(dir)) fs.rmdirSync(dir); // empty: checked above
  fs.renameSync(building, dir);
}

// Run as a program: initialise the folder given as the argument.
if (import.meta.main) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({
    dataDir: process.argv[2],
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  await client.close();
}
