// Where a request's time goes: `npm run bench:trace` (issue 35, "find where each request's time goes
// before changing anything"). The bench's routes, one request at a time through fastify.inject on the
// demo data: the SQL statements each request runs, their time, and the rest (Node: hooks, validation,
// serialization). On PostgreSQL each distinct statement is also explained (EXPLAIN ANALYZE), so a slow
// plan shows. Prints only; the figures go to docs/decisions/035 by hand.
//   BENCH_ENGINES       pglite,postgres (default both)
//   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/test (a fresh database, dropped after)
//   TRACE_REQUESTS      requests per route after one warm-up (default 50)
//   TRACE_TEXT_CHARS    characters of each statement's text shown (default 110)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { DEMO_EMAILS, seedDemoIfEmpty } from '../src/seed/demo-seed.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env.TRACE_REQUESTS ?? 50);

type Statement = { text: string; params: unknown[]; ms: number };

/** Wraps the driver's query() so every statement the app runs is timed (text, parameters, duration). */
function traceQueries(target: { query: (...args: never[]) => unknown }, log: Statement[]) {
  const original = target.query.bind(target) as (...args: unknown[]) => Promise<unknown>;
  (target as { query: unknown }).query = async (...args: unknown[]) => {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first.text;
    const params = (typeof first === 'string' ? args[1] : (first.values ?? args[1])) as unknown[] | undefined;
    const started = performance.now();
    try {
      return await original(...args);
    } finally {
      log.push({ text, params: params ?? [], ms: performance.now() - started });
    }
  };
}

async function openEngine(engine: string): Promise<{ database: Database; drop?: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openPglite(undefined);
    await runMigrations(database);
    return { database };
  }
  const name = `portal_trace_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  await runMigrations(database, url.toString());
  const drop = async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
  return { database, drop };
}

const short = (text: string) =>
  text.replace(/\s+/g, ' ').slice(0, Number(process.env.TRACE_TEXT_CHARS ?? 110));

async function traceEngine(engine: string) {
  const { database, drop } = await openEngine(engine);
  const log: Statement[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-trace-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  await seedDemoIfEmpty(database.db, config.demoPassword);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const token = async (email: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login/',
        payload: { email, password: config.demoPassword },
      });
      return `Token ${res.json().token as string}`;
    };
    const admin = await token(DEMO_EMAILS.admin);
    const hc = await token(DEMO_EMAILS.hc);
    const patients = await app.inject({
      url: '/api/admin/users/?membership=2&limit=1',
      headers: { authorization: admin },
    });
    const patientId = patients.json().results[0].id as number;
    const routes: [string, string, string | undefined][] = [
      ['public route', '/auth/build-version/', undefined],
      ['signed-in trivial', '/api/v1/memberships/', admin],
      ['admin users', '/api/admin/users/?limit=20', admin],
      ['HC patients', '/api/v1/users/patient/list/?limit=20', hc],
      ['admin harvest centers', '/api/admin/harvest-centers/?limit=20', admin],
      ['admin transactions', '/api/admin/transactions/?limit=10', admin],
      ["a patient's vial history", `/api/v1/vials-history/user/${patientId}/`, admin],
    ];
    // Drizzle's client on both engines: the pool on PostgreSQL, the named-statement client on PGlite.
    traceQueries((database.db as unknown as { $client: { query: () => unknown } }).$client, log);

    console.log(`\n## ${engine}: ${REQUESTS} requests per route, one at a time (after one warm-up)\n`);
    console.log('| route | ms/request | statements/request | ms in SQL | ms elsewhere |');
    console.log('|---|--:|--:|--:|--:|');
    const details: string[] = [];
    for (const [name, url, authorization] of routes) {
      const headers = authorization ? { authorization } : {};
      await app.inject({ url, headers });
      log.length = 0;
      const started = performance.now();
      for (let i = 0; i < REQUESTS; i++) {
        const res = await app.inject({ url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      const perRequest = (performance.now() - started) / REQUESTS;
      const inSql = log.reduce((sum, s) => sum + s.ms, 0) / REQUESTS;
      console.log(
        `| ${name} | ${perRequest.toFixed(2)} | ${(log.length / REQUESTS).toFixed(1)} | ${inSql.toFixed(2)} | ${(perRequest - inSql).toFixed(2)} |`,
      );
      const byText = new Map<string, Statement[]>();
      for (const s of log) byText.set(s.text, [...(byText.get(s.text) ?? []), s]);
      details.push(`\n### ${name} (${url})`);
      for (const [text, runs] of [...byText].sort((a, b) => sumMs(b[1]) - sumMs(a[1]))) {
        let plan = '';
        if (engine === 'postgres' && /^\s*(select|with)/i.test(text)) plan = await explain(database, runs[0]);
        details.push(
          `- ${(sumMs(runs) / runs.length).toFixed(2)} ms × ${runs.length}: \`${short(text)}\`${plan}`,
        );
      }
    }
    console.log(details.join('\n'));
  } finally {
    await app.close();
    await database.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const sumMs = (runs: Statement[]) => runs.reduce((sum, s) => sum + s.ms, 0);

/** PostgreSQL's own planning and execution time for one statement, and the plan's top node. */
async function explain(database: Database, statement: Statement): Promise<string> {
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const { rows } = await client.query<{ 'QUERY PLAN': string }>({
    text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
    values: statement.params,
  });
  const lines = rows.map((r) => r['QUERY PLAN']);
  const planning = lines.find((l) => l.startsWith('Planning Time'));
  const execution = lines.find((l) => l.startsWith('Execution Time'));
  return ` (PostgreSQL: ${planning ?? ''}, ${execution ?? ''}; ${lines[0].trim().slice(0, 70)})`;
}

for (const engine of ENGINES) await traceEngine(engine);
