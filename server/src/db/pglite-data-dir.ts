import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER } from './migrations-folder.ts';

/**
 * PostgreSQL's settings for the embedded database. PGlite's own default gives it 160 MB of shared
 * buffers and touches them all at start; WASM memory never shrinks, so that was a third of the idle
 * server's memory. The embedded database is the small-deployment option: pages past these stay in
 * the OS file cache. 16 MB (32 MB until decision 035) holds the demo data and a small clinic's hot
 * pages, and keeps the idle server under its 250 MB.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/** Where the embedded database lives inside DATA_DIR. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * Where the initialised and migrated, still empty cluster is kept to be copied: initdb and the
 * migrations give the same cluster every time for one PGlite build, these settings and these
 * migrations, so it is made once (`npm install`'s postinstall, or the first start) and a fresh data
 * folder is a copy of it (half a second instead of seconds of initdb and migrations).
 * PGLITE_TEMPLATE_DIR moves it (e.g. when node_modules is read-only).
 */
export function pgliteTemplateDir(): string {
  const pglitePackage = fileURLToPath(
    new URL('../package.json', import.meta.resolve('@electric-sql/pglite')),
  );
  const { version } = JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string };
  const key = createHash('sha256').update(`${version}\0${PGLITE_SETTINGS.join(' ')}`);
  // A new migration makes a new template.
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) key.update(`\0${file}\0`).update(fs.readFileSync(full));
  }
  const root =
    process.env.PGLITE_TEMPLATE_DIR ||
    path.resolve(import.meta.dirname, '../../../node_modules/.cache/portal-pglite');
  return path.join(root, key.digest('hex').slice(0, 16));
}

/**
 * Makes `dir` a PostgreSQL data folder when it is not one yet, as a copy of the template cluster
 * (made first when missing). Built beside and renamed into place: a start cut short leaves no
 * half-made cluster in `dir`.
 */
export async function initPgliteDataDir(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new Error(`${dir} holds files but no database: move them away or point DATA_DIR elsewhere.`);
  }
  const building = `${dir}.initdb-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  try {
    const template = await ensurePgliteTemplate();
    // cpSync is native (one call for the template's 1,262 files, ~0.1 s); the promise-based cp takes a
    // turn of this thread per file and, beside the server's module loading, took 1.4 s.
    if (template) fs.cpSync(template, building, { recursive: true });
    else await runInitdb(building);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
  if (fs.existsSync(dir)) fs.rmdirSync(dir); // empty: checked above
  fs.renameSync(building, dir);
}

/** The template cluster's folder, made when missing; undefined when its place cannot be written. */
export async function ensurePgliteTemplate(): Promise<string | undefined> {
  const template = pgliteTemplateDir();
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = `${template}.initdb-${process.pid}`;
  try {
    fs.mkdirSync(path.dirname(template), { recursive: true });
  } catch {
    return undefined; // e.g. a read-only install: each fresh folder runs initdb itself
  }
  fs.rmSync(building, { recursive: true, force: true });
  try {
    await runInitdb(building, { migrate: true });
    fs.renameSync(building, template);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    // Another process made it meanwhile (two starts at once): theirs is as good as ours.
    if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
    throw error;
  }
  return template;
}

/**
 * initdb into `dir`. It is seconds of CPU and, inside PGlite, runs a second whole PostgreSQL beside
 * the first and copies the new cluster between them: a child process does it, so none of that
 * memory stays with the server (a worker thread's would stay in the allocator), and the caller's
 * thread stays free: the server loads its modules meanwhile, on the other core.
 */
async function runInitdb(dir: string, { migrate = false } = {}): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const program = fileURLToPath(new URL('./pglite-initdb.ts', import.meta.url));
  const args = [program, dir, ...(migrate ? ['--migrate'] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0)
    throw new Error(`Initialising the embedded database in ${dir} failed (exit ${code}):\n${stderr}`);
}

// Run as a program (npm install's postinstall): make the template cluster. A failure there only costs
// later starts their speed.
if (import.meta.main) {
  try {
    console.log(`embedded database template: ${await ensurePgliteTemplate()}`);
  } catch (error) {
    console.warn('embedded database template not made; each fresh data folder runs initdb:', error);
  }
}
