import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/client.ts';
import { runMigrations } from '../../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      | { kind: 'pglite'; templateFile: string }
      | { kind: 'postgres'; url: string; template: string };
  }
}

/** Migrates one PGlite once; every test file starts from a copy of its data directory (~0.5 s, not ~3 s). */
export default async function setup(project: TestProject) {
  const database = await openPglite(undefined);
  await runMigrations(database);
  // The tests use only the 'postgres' database: without the two template databases every file's
  // copy is a third smaller, and opens a fifth quicker.
  const pglite = database.pglite!;
  await pglite.query(
    `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
  );
  for (const template of ['template0', 'template1']) await pglite.query(`DROP DATABASE ${template}`);
  await pglite.query('CHECKPOINT');
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const templateFile = path.join(os.tmpdir(), `portal-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', templateFile });
  return () => fs.rmSync(templateFile, { force: true });
}
