import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { initPgliteDataDir, PGLITE_SETTINGS, pgliteDataDir } from './pglite-data-dir.ts';
import { withNamedStatements } from './pglite-statements.ts';

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

export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  settings: string[] = PGLITE_SETTINGS,
): Promise<Database> {
  // A fresh folder is initialised in a child process (and an in-memory database, for tests, in place).
  if (dataDir && !loadDataDir) await initPgliteDataDir(dataDir);
  else if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    extensions: PGLITE_EXTENSIONS,
    startParams: [...PGlite.defaultStartParams, ...settings],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  // Each query becomes a named statement of PGlite's one session (pglite-statements.ts), but
  // PostgreSQL still plans it on its first runs, and a statement whose parameters change its plan
  // (an OFFSET) on every run. The list queries join eight or nine tables, written from the driving
  // table outwards: searching other join orders costs more than running them (patients list:
  // 17.7 ms → 6.8 ms a request when every run was planned).
  await client.exec('SET join_collapse_limit = 1; SET from_collapse_limit = 1;');
  return {
    db: drizzlePglite({ client: withNamedStatements(client) as unknown as PGlite }) as unknown as Db,
    kind: 'pglite',
    pglite: client,
    close: () => client.close(),
  };
}

/** Named statements one connection keeps at most; past it, queries are planned each time. */
const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * Prepares every query under a name derived from its text, so PostgreSQL plans it once per
 * connection: the list queries join eight or nine tables, and planning them (~15 ms) costs far
 * more than running them (~1 ms). The names are bounded per connection.
 */
class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection lost while checked out (PostgreSQL restarting, a network cut between two queries
    // of a transaction) emits 'error' where the pool's idle handler is not listening: unhandled, it
    // would end the process. The request under way fails on its next query; the pool then drops the
    // broken client and connects anew (soak --fault, docs/benchmarks.md).
    this.on('error', () => {});
  }
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; this passes them through.
  override query(config: any, values?: any, callback?: any): any {
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name) {
      const name = `q_${createHash('sha1').update(config.text).digest('base64url')}`;
      if (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        return super.query({ ...config, name }, values, callback);
      }
    }
    return super.query(config, values, callback);
  }
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, Client: PreparingClient });
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
  return openPglite(pgliteDataDir(config.dataDir));
}
