// What a session costs on every request: `node server/bench/session-lookup.ts [pglite|postgres]`.
// Times a trivial public route (GET /auth/build-version/) through app.inject without a session
// header, with a valid one served by the session cache, and with the cache turned off (a database
// read per request, as before the cache), sequentially; prints median and p99 per request. PostgreSQL uses
// a scratch database portal_bench_sessions on BENCH_DATABASE_URL's server (dropped at the end).
import { performance } from 'node:perf_hooks';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { issueSessionToken } from '../src/auth/tokens.ts';
import { loadConfig } from '../src/config/env.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import type { MailTransport } from '../src/mail-delivery/transport.ts';
import { createUser } from '../src/seed/factories.ts';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = 'portal_bench_sessions';

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function open(): Promise<Database> {
  if (engine === 'pglite') {
    const database = await openPglite(undefined);
    await runMigrations(database);
    return database;
  }
  await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${NAME}`);
  const url = new URL(base);
  url.pathname = `/${NAME}`;
  const database = openPostgres(url.toString());
  await runMigrations(database, url.toString());
  return database;
}

async function time(app: FastifyInstance, headers: Record<string, string>) {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await app.inject({ url: '/auth/build-version/', headers });
    samples.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(3);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

const database = await open();
const silentMail: MailTransport = { kind: 'file', send: async () => {}, close: () => {} };
const app = await buildApp({
  config: loadConfig({ SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
  database,
  mailTransport: silentMail,
  logger: false,
});
await app.ready();
try {
  const user = await createUser(database.db, { membershipId: MEMBERSHIP.admin });
  const { token } = await issueSessionToken(database.db, { userId: user.id, ttlDays: 7 });
  await time(app, {}); // warm-up
  console.log(`${engine}, ${ROUNDS} sequential requests each`);
  const headers = { authorization: `Token ${token}` };
  console.log(`  no session header:           ${await time(app, {})}`);
  console.log(`  valid session, cached:       ${await time(app, headers)}`);
  // What every request paid before the cache: the session and user row read from the database.
  app.sessionCache.setEnabled(false);
  console.log(`  valid session, cache off:    ${await time(app, headers)}`);
} finally {
  await app.close();
  await database.close();
  if (engine === 'postgres') await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}
