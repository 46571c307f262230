// The request path under load: `npm run bench` (issue 8, "The request path, fast").
// In this one process: a bare Fastify app, then the portal (buildApp + demo seed) on an in-memory PGlite
// and on PostgreSQL (a fresh database portal_bench_<pid> on BENCH_DATABASE_URL's server, dropped after),
// each route loaded by autocannon; prints the tables and adds the run to docs/benchmarks.md.
//   BENCH_SECONDS   seconds per route (default 10), after a warm-up of a fifth of that (0.5-2 s)
//   BENCH_ENGINES   pglite,postgres (default both)
//   BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/test
//   BENCH_LABEL     a name for the run in docs/benchmarks.md
//   BENCH_ENFORCE=1 exit 1 when a goal is missed
//   --quick         1 s per route, prints only (a smoke check that the bench works)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { DEMO_EMAILS, seedDemoIfEmpty } from '../src/seed/demo-seed.ts';
import { type LoadResult, measureRoute, startBareApp } from './load.ts';

const QUICK = process.argv.includes('--quick');
const SECONDS = QUICK ? 1 : Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(2, Math.max(0.5, SECONDS / 5));
const CONNECTIONS = 10;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LABEL = process.env.BENCH_LABEL?.trim();
const ENFORCE = process.env.BENCH_ENFORCE === '1';
const REPORT_FILE = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
const RUNS_MARKER = '<!-- runs: newest first; `npm run bench` inserts each run below this line -->';

/** Issue 8's goals for the list routes. */
const GOALS = {
  postgres: { minShareOfBare: 0.1, maxP99Ms: 20, text: '≥ 10% of bare req/s, p99 ≤ 20 ms' },
  pglite: { minRequestsPerSecond: 1000, text: '≥ 1,000 req/s' },
};

type EngineKey = 'pglite' | 'postgres';
type Route = { name: string; path: string; signedIn: boolean; list: boolean };
type Row = Route & LoadResult & { shareOfBare: number; goalMet?: boolean };
type EngineRun = { key: EngineKey; title: string; rows: Row[]; bareRuns: LoadResult[] };

if (!Number.isFinite(SECONDS) || SECONDS < 1) throw new Error('BENCH_SECONDS must be a number ≥ 1');
for (const engine of ENGINES) {
  if (engine !== 'pglite' && engine !== 'postgres') {
    throw new Error(`BENCH_ENGINES: unknown engine "${engine}" (use pglite, postgres or both)`);
  }
}

/** Undone in reverse order at the end, or on Ctrl-C, so no bench database is left behind. */
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch((error) => console.error(error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}

async function onPostgresServer<T extends pg.QueryResultRow>(statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${POSTGRES_URL} is not reachable (${(error as Error).message}); ` +
        'set BENCH_DATABASE_URL, or BENCH_ENGINES=pglite to skip it',
    );
  }
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

/** An empty, migrated database of the engine, and the text naming it in the report. */
async function openEngine(key: EngineKey): Promise<{ database: Database; url?: string; title: string }> {
  if (key === 'pglite') {
    const database = await openPglite(undefined);
    cleanups.push(() => database.close());
    await runMigrations(database);
    const { rows } = await database.pglite!.query<{ server_version: string }>('SHOW server_version');
    return { database, title: `PGlite in memory (PostgreSQL ${rows[0].server_version}, in process)` };
  }
  const name = `portal_bench_${process.pid}`;
  await onPostgresServer(`CREATE DATABASE ${name}`);
  cleanups.push(async () => void (await onPostgresServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  cleanups.push(() => database.close());
  await runMigrations(database, url.toString());
  const [{ server_version }] = await onPostgresServer<{ server_version: string }>('SHOW server_version');
  return { database, url: url.toString(), title: `PostgreSQL ${server_version} on ${url.host}, pool of 10` };
}

async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The portal on demo data, listening on a free port, and a session of the demo admin. */
async function startPortal(key: EngineKey) {
  const { database, url, title } = await openEngine(key);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  if (!(await seedDemoIfEmpty(database.db, config.demoPassword)))
    throw new Error('the bench database was not empty');
  const app = await buildApp({ config, database, logger: false });
  cleanups.push(() => app.close());
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  // The admin may call every route measured here, so one session serves them all.
  const login = z.object({ token: z.string() }).parse(
    await getJson(`${base}/api/admin/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAILS.admin, password: config.demoPassword }),
    }),
  );
  const authorization = `Token ${login.token}`;
  const patients = z.object({ results: z.array(z.object({ id: z.number(), email: z.string() })) }).parse(
    await getJson(`${base}/api/v1/users/patient/list/?search=${encodeURIComponent(DEMO_EMAILS.patient)}`, {
      headers: { authorization },
    }),
  );
  const patient = patients.results.find((p) => p.email === DEMO_EMAILS.patient);
  if (!patient) throw new Error(`the demo patient ${DEMO_EMAILS.patient} is missing from the patient list`);
  return { app, base, authorization, title, patientId: patient.id };
}

function portalRoutes(patientId: number): Route[] {
  const route = (name: string, path: string, signedIn = true, list = true) => ({
    name,
    path,
    signedIn,
    list,
  });
  return [
    route('public route', '/auth/build-version/', false, false),
    route('public route + session header', '/auth/build-version/', true, false),
    route('users', '/api/admin/users/?limit=20'),
    route('patients', '/api/v1/users/patient/list/?limit=20'),
    route('harvest centers', '/api/admin/harvest-centers/?limit=20'),
    route('vials history', `/api/v1/vials-history/user/${patientId}/`),
  ];
}

/** A list that answers an empty page would measure nothing: the demo data must show up in it. */
async function checkListHasRows(url: string, authorization: string) {
  const page = z.object({ count: z.number() }).parse(await getJson(url, { headers: { authorization } }));
  if (page.count === 0) throw new Error(`GET ${url} lists nothing: the demo data is missing`);
}

function judge(key: EngineKey, row: Omit<Row, 'goalMet'>): boolean | undefined {
  if (!row.list) return undefined;
  if (key === 'postgres') {
    return row.shareOfBare >= GOALS.postgres.minShareOfBare && row.p99Ms <= GOALS.postgres.maxP99Ms;
  }
  return row.requestsPerSecond >= GOALS.pglite.minRequestsPerSecond;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}) {
  const result = await measureRoute({
    url,
    headers,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  console.error(
    `  ${label.padEnd(40)} ${Math.round(result.requestsPerSecond).toLocaleString('en-US').padStart(7)} req/s` +
      `  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms`,
  );
  return result;
}

async function runEngine(key: EngineKey, bareUrl: string): Promise<EngineRun> {
  console.error(`\n${key}: migrating and seeding the demo data…`);
  const portal = await startPortal(key);
  try {
    // Bare Fastify just before and just after this engine's routes: on a shared machine the two differ,
    // and the ratios use the higher, so that noise never flatters the portal.
    const bareBefore = await measure('bare Fastify', bareUrl);
    const measured: (Route & LoadResult)[] = [];
    for (const route of portalRoutes(portal.patientId)) {
      const url = `${portal.base}${route.path}`;
      const headers: Record<string, string> = route.signedIn ? { authorization: portal.authorization } : {};
      if (route.list) await checkListHasRows(url, portal.authorization);
      measured.push({ ...route, ...(await measure(route.name, url, headers)) });
    }
    const bareAfter = await measure('bare Fastify again', bareUrl);
    const bare = bareAfter.requestsPerSecond > bareBefore.requestsPerSecond ? bareAfter : bareBefore;
    const bareRoute = { name: 'bare Fastify', path: '/', signedIn: false, list: false };
    const rows = [{ ...bareRoute, ...bare }, ...measured].map((measurement) => {
      const row = { ...measurement, shareOfBare: measurement.requestsPerSecond / bare.requestsPerSecond };
      return { ...row, goalMet: judge(key, row) };
    });
    return { key, title: portal.title, rows, bareRuns: [bareBefore, bareAfter] };
  } finally {
    await cleanUp();
  }
}

const integer = (n: number) => Math.round(n).toLocaleString('en-US');
const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

function engineTable(run: EngineRun): string {
  const goal = GOALS[run.key];
  const lines = [
    `### ${run.title}`,
    '',
    `| route | req/s | p50 ms | p99 ms | of bare | goal: ${goal.text} |`,
    '| --- | --: | --: | --: | --: | --- |',
    ...run.rows.map((r) => {
      const mark = r.goalMet === undefined ? '' : r.goalMet ? 'pass' : '**fail**';
      const route = `${r.name}: \`GET ${r.path}\`${r.signedIn ? ' signed in' : ''}`;
      return `| ${route} | ${integer(r.requestsPerSecond)} | ${r.p50Ms} | ${r.p99Ms} | ${percent(r.shareOfBare)} | ${mark} |`;
    }),
  ];
  const lists = run.rows.filter((r) => r.list);
  const [before, after] = run.bareRuns.map((r) => integer(r.requestsPerSecond));
  lines.push(
    '',
    `Goal met by ${lists.filter((r) => r.goalMet).length} of ${lists.length} list routes. ` +
      `Bare Fastify answered ${before} req/s before and ${after} after these routes; the ratios use the higher.`,
  );
  return lines.join('\n');
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

function runSection(runs: EngineRun[], startedAt: Date, loadAtStart: number): string {
  const cpus = os.cpus();
  const commit = gitCommit();
  const when = `${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const machine = [
    commit ? `Commit ${commit}` : undefined,
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'})`,
    `Node ${process.version}`,
    `load average ${loadAtStart.toFixed(2)} at start and ${os.loadavg()[0].toFixed(2)} at the end`,
    `${CONNECTIONS} connections, ${SECONDS} s per route after ${WARMUP_SECONDS} s of warm-up.`,
  ].filter(Boolean);
  return [`## ${when}${LABEL ? `: ${LABEL}` : ''}`, machine.join('; '), ...runs.map(engineTable)].join(
    '\n\n',
  );
}

const HEADER = `# Request-path benchmark

\`npm run bench\` (server/bench/request-path.ts) runs, in one process, a bare Fastify app with one JSON
route and the portal (\`buildApp\` with the demo seed) on an in-memory PGlite, then on PostgreSQL
(\`BENCH_DATABASE_URL\`, in a fresh database \`portal_bench_<pid>\` dropped afterwards). It signs in as
the demo admin and loads each route with autocannon (10 keep-alive connections, client in a worker
thread) for \`BENCH_SECONDS\` (10) after a warm-up; any non-2xx response fails the run. Latencies have
1 ms resolution. "of bare" compares with the bare app, measured just before and just after that
engine's routes (the higher of the two). The machine is shared (see the load average), so compare
runs by their ratios more than by their absolute numbers.

Goals (issue 8), for the four list routes: on PostgreSQL ≥ 10% of bare Fastify's req/s with
p99 ≤ 20 ms; on PGlite ≥ 1,000 req/s. \`BENCH_ENFORCE=1\` makes a missed goal fail the command.

\`npm run bench -- --quick\` (1 s per route, nothing written) checks that the bench works;
\`BENCH_ENGINES=pglite\` skips PostgreSQL; \`BENCH_LABEL\` names the run. \`npm run bench:search\` is the
admin user search over 100,000 users.`;

/** The header is rewritten each time; earlier runs stay below the new one for comparison. */
function writeReport(section: string) {
  const previous = fs.existsSync(REPORT_FILE) ? fs.readFileSync(REPORT_FILE, 'utf8') : '';
  const at = previous.indexOf(RUNS_MARKER);
  const earlierRuns = at === -1 ? '' : previous.slice(at + RUNS_MARKER.length).trim();
  const text = [HEADER, RUNS_MARKER, section, earlierRuns].filter(Boolean).join('\n\n');
  fs.writeFileSync(REPORT_FILE, `${text}\n`);
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0];
  const bare = await startBareApp();
  const runs: EngineRun[] = [];
  try {
    for (const key of ENGINES as EngineKey[]) runs.push(await runEngine(key, bare.url));
  } finally {
    await bare.app.close();
    await cleanUp();
  }
  const section = runSection(runs, startedAt, loadAtStart);
  console.log(`\n${section}\n`);
  if (QUICK) console.log('(--quick: docs/benchmarks.md left as it was)');
  else {
    writeReport(section);
    console.log(`written to ${path.relative(process.cwd(), REPORT_FILE)}`);
  }
  const missed = runs.flatMap((run) => run.rows).filter((row) => row.goalMet === false).length;
  if (ENFORCE && missed > 0) process.exitCode = 1;
}

await main();
