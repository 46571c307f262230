import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** Drizzle over either engine; a transaction has the same type, so repositories accept both. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded (tests clone it); undefined on PostgreSQL. */
  pglite?: PGlite;
  /** PostgreSQL only: for the one connection kept outside the pool (LISTEN, db/notifications.ts). */
  connectionString?: string;
  close(): Promise<void>;
};

export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    extensions: PGLITE_EXTENSIONS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return {
    db: drizzlePglite({ client }) as unknown as Db,
    kind: 'pglite',
    pglite: client,
    close: () => client.close(),
  };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's network error must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return {
    db: drizzlePg({ client: pool }) as unknown as Db,
    kind: 'postgres',
    connectionString: url,
    close: () => pool.end(),
  };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pglite'));
}
