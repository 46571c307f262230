import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.ts';

import { MIGRATIONS_FOLDER } from './migrations-folder.ts';

export { MIGRATIONS_FOLDER };

/** Arbitrary constant: several app processes starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_102_026;

export async function runMigrations(database: Database, databaseUrl?: string): Promise<void> {
  if (database.kind === 'pglite' && database.pglite) {
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!databaseUrl) throw new Error('runMigrations needs the database URL for PostgreSQL');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
