import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
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
 * Where the initialised, still empty cluster is kept to be copied: initdb gives the same cluster
 * every time for one PGlite build and these settings, so it is made once per install (`npm install`
 * runs `prepare-pglite-template`) and a fresh data folder is a copy of it (half a second instead of
 * seconds of initdb). PGLITE_TEMPLATE_DIR moves it (e.g. when node_modules is read-only).
 */
export function pgliteTemplateDir(): string {
  const pglitePackage = fileURLToPath(
    new URL('../package.json', import.meta.resolve('@electric-sql/pglite')),
  );
  const { version } = JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string };
  const key = createHash('sha256')
    .update(`${version}\0${PGLITE_SETTINGS.join(' ')}`)
    .digest('hex')
    .slice(0, 16);
  const root =
    process.env.PGLITE_TEMPLATE_DIR ||
    path.resolve(import.meta.dirname, '../../../node_modules/.cache/portal-pglite');
  return path.join(root, key);
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
    if (template) await fs.promises.cp(template, building, { recursive: true });
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
    await runInitdb(building);
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
async function runInitdb(dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0)
    throw new Error(`Initialising the embedded database in ${dir} failed (exit ${code}):\n${stderr}`);
}

// Run as a program: `--template` makes the template cluster (npm install's prepare-pglite-template;
// a failure there only costs later starts their speed); a folder argument is initialised (runInitdb).
if (import.meta.main) {
  if (process.argv[2] === '--template') {
    try {
      console.log(`embedded database template: ${await ensurePgliteTemplate()}`);
    } catch (error) {
      console.warn('embedded database template not made; each fresh data folder runs initdb:', error);
    }
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({
      dataDir: process.argv[2],
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
    await client.close();
  }
}
