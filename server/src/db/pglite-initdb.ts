// A child process of pglite-data-dir.ts: initdb into the folder given, and with --migrate run the
// migrations there too. Its own program so that the server never holds initdb's memory.
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from './client.ts';
import { runMigrations } from './migrate.ts';
import { PGLITE_SETTINGS } from './pglite-data-dir.ts';

const [dir, flag] = process.argv.slice(2);
if (!dir) throw new Error('usage: pglite-initdb.ts <folder> [--migrate]');
const client = await PGlite.create({
  dataDir: dir,
  startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
});
await client.close();
if (flag === '--migrate') {
  const database = await openPglite(dir);
  await runMigrations(database);
  await database.close();
}
