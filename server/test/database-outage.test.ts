import { MEMBERSHIP } from '@portal/shared/memberships';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/db/unavailable.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/http/error-handler.ts';
import { createUser, type UserRow } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/**
 * The database restarting under a running server (soak --fault, docs/benchmarks.md): the process
 * stays up, a request that meets the outage gets a 503 asking to retry (not a 500), and the next
 * request is served on a fresh connection.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';

// A PostgreSQL nobody listens on: every query is refused, as while the server restarts.
let unreachable: Database;
const outageProbe: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/probe/database-down/', { config: { access: 'public' } }, async () => {
    await unreachable.db.execute(sql`select 1`);
    return { ok: true };
  });
};

let t: TestApp;
let admin: UserRow;
beforeAll(async () => {
  unreachable = openPostgres('postgres://portal@127.0.0.1:9/none', 1);
  t = await buildTestApp({ plugins: [outageProbe] });
  admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
});
afterAll(async () => {
  await t.close();
  await unreachable.close();
});

describe('the database out of reach', () => {
  it('answers 503 with Retry-After and a plain message, not a 500', async () => {
    const res = await t.app.inject({ url: '/api/v1/probe/database-down/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({
      message: 'The portal is briefly unavailable. Please try again in a moment.',
    });
  });

  it('is told apart from a broken query', async () => {
    const refused = await unreachable.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const broken = await t.db.execute(sql`select 1 / 0`).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(broken)).toBe(false);
  });
});

describe.skipIf(!onPostgres)('a connection cut by PostgreSQL in the middle of a transaction', () => {
  it('fails that transaction only; the process lives on and the next request is served', async () => {
    const { connectionString } = t.database;
    const killer = new pg.Client({ connectionString });
    await killer.connect();
    try {
      const outcome = await t.db
        .transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_backend_pid() as pid`);
          const [{ pid }] = (result as unknown as { rows: { pid: number }[] }).rows;
          // What a restart does to every session: the backend is ended under a checked-out client.
          await killer.query('select pg_terminate_backend($1)', [pid]);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => error,
        );
      expect(outcome).not.toBe('committed');
      expect(isDatabaseUnavailable(outcome), String((outcome as Error).cause ?? outcome)).toBe(true);
    } finally {
      await killer.end();
    }
    // Before the client had an 'error' listener of its own, the cut ended the process here.
    await new Promise((resolve) => setImmediate(resolve));
    const res = await injectAs(t.app, admin, { url: '/api/v1/session/' });
    expect(res.statusCode).toBe(200);
  });
});
