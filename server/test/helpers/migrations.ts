import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.ts';
import { databaseUrl } from './global-setup-postgres.ts';

/** The migrations folder cut after `count` entries, to build the schema as it was. */
export function migrationsUpTo(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

/** The number of the migration called `tag` (0014_commerce_contract → 14), to cut the folder before it. */
export function migrationIndex(tag: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  const index = (journal.entries as { tag: string }[]).findIndex((entry) => entry.tag === tag);
  if (index === -1) throw new Error(`No migration ${tag}`);
  return index;
}

export type OpenedDatabase = { database: Database; url?: string; drop?: () => Promise<void> };

/** A database with no schema: PGlite in memory, or a new PostgreSQL database. */
export async function openEmptyDatabase(): Promise<OpenedDatabase> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') return { database: await openPglite(undefined) };
  const name = `portal_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrl(target.url, name);
  return {
    database: openPostgres(url, 2),
    url,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: target.url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Applies the migrations of `folder` (see migrationsUpTo). */
export async function migrateOldSchema({ database, url }: OpenedDatabase, folder: string) {
  if (database.pglite) {
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
  await client.end();
}

/** The rows of a query, on either driver. */
export async function rows<T>(database: Database, query: string): Promise<T[]> {
  const result = await database.db.execute(sql.raw(query));
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
