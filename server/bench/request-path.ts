// The request path under load: `npm run bench` (issues 8 and 35, "Fast where users wait").
// Three processes, each with its own event loop: bare Fastify (bare-fastify.ts, one JSON route), the
// portal as `npm start` runs it (portal-process.ts: npm start's Node flags, the demo seed) and this
// one, where autocannon loads each route in turn. The portal runs once per engine: on a fresh PGlite
// data folder, then on a fresh database portal_bench_<pid> on BENCH_DATABASE_URL's PostgreSQL (dropped
// after). Bare Fastify is measured just before and just after each engine's routes; the shares use
// the higher of the two, so that a noisy machine never flatters the portal. Prints each engine's
// table with issue 35's goals met or not, and adds the run to its section of docs/benchmarks.md.
//   BENCH_SECONDS         measured seconds per route (default 8)
//   BENCH_WARMUP_SECONDS  load before each measurement, discarded (default 2)
//   BENCH_CONNECTIONS     concurrent keep-alive connections (default 10)
//   BENCH_ENGINES         pglite,postgres (default both)
//   BENCH_DATABASE_URL    default postgres://postgres@127.0.0.1:5432/test
//   BENCH_LABEL           a name for the run in docs/benchmarks.md
//   BENCH_ENFORCE=1       exit 1 when a goal is missed
//   --quick               1 s per route after 0.5 s, prints only (a smoke check that the bench works)
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import {
  checkListHasRows,
  cleanUp,
  type EngineKey,
  type GoalKind,
  portalRoutes,
  type Route,
  type Session,
  startPortal,
} from './bench-portal.ts';
import { type LoadResult, measureRoute, startBareFastify } from './load.ts';
import { START_NODE_FLAGS } from './portal-process.ts';
import { recordRun } from './report-section.ts';

const QUICK = process.argv.includes('--quick');

function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number ≥ ${min} (got "${raw}")`);
  return value;
}

const SECONDS = QUICK ? 1 : numberFromEnv('BENCH_SECONDS', 8, 1);
const WARMUP_SECONDS = QUICK ? 0.5 : numberFromEnv('BENCH_WARMUP_SECONDS', 2, 0);
const CONNECTIONS = Math.round(numberFromEnv('BENCH_CONNECTIONS', 10, 1));
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const LABEL = process.env.BENCH_LABEL?.trim();
const ENFORCE = process.env.BENCH_ENFORCE === '1';
for (const engine of ENGINES) {
  if (engine !== 'pglite' && engine !== 'postgres') {
    throw new Error(`BENCH_ENGINES: unknown engine "${engine}" (use pglite, postgres or both)`);
  }
}

// ---------------------------------------------------------------- issue 35's goals

type Measured = LoadResult & { shareOfBare: number };
type Goal = { text: string; met: (row: Measured) => boolean };

const GOALS: Record<GoalKind, Record<EngineKey, Goal>> = {
  public: {
    postgres: { text: '≥ 50% of bare', met: (r) => r.shareOfBare >= 0.5 },
    pglite: { text: '≥ 50% of bare', met: (r) => r.shareOfBare >= 0.5 },
  },
  'signed-in': {
    postgres: { text: '≥ 40% of bare', met: (r) => r.shareOfBare >= 0.4 },
    pglite: { text: '≥ 40% of bare', met: (r) => r.shareOfBare >= 0.4 },
  },
  list: {
    postgres: { text: '≥ 5% of bare, p99 ≤ 20 ms', met: (r) => r.shareOfBare >= 0.05 && r.p99Ms <= 20 },
    pglite: { text: '≥ 1,000 req/s', met: (r) => r.requestsPerSecond >= 1000 },
  },
};

// ---------------------------------------------------------------- measuring

type Row = Route & Measured & { goalText?: string; goalMet?: boolean };
type EngineRun = { key: EngineKey; title: string; rows: Row[]; bareRuns: LoadResult[] };

const integer = (n: number) => Math.round(n).toLocaleString('en-US');
const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

async function measure(label: string, url: string, headers: Record<string, string> = {}) {
  const result = await measureRoute({
    url,
    headers,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  console.error(
    `  ${label.padEnd(32)} ${integer(result.requestsPerSecond).padStart(7)} req/s` +
      `  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms`,
  );
  return result;
}

async function runEngine(key: EngineKey, bareUrl: string): Promise<EngineRun> {
  console.error(`\n${key}: starting the portal on a fresh database with the demo data…`);
  const portal = await startPortal(key);
  try {
    const bareBefore = await measure('bare Fastify', bareUrl);
    const measured: (Route & LoadResult)[] = [];
    for (const route of portalRoutes(portal.patientId)) {
      const url = `${portal.base}${route.path}`;
      const headers = portal.sessions[route.session];
      if (route.list) await checkListHasRows(url, headers);
      measured.push({ ...route, ...(await measure(route.name, url, headers)) });
    }
    const bareAfter = await measure('bare Fastify again', bareUrl);
    const bare = bareAfter.requestsPerSecond > bareBefore.requestsPerSecond ? bareAfter : bareBefore;
    const bareRoute: Route = { name: 'bare Fastify (its own process)', path: '/', session: 'none' };
    const rows = [{ ...bareRoute, ...bare }, ...measured].map((measurement): Row => {
      const row = { ...measurement, shareOfBare: measurement.requestsPerSecond / bare.requestsPerSecond };
      const goal = row.goal && GOALS[row.goal][key];
      return goal ? { ...row, goalText: goal.text, goalMet: goal.met(row) } : row;
    });
    return { key, title: portal.title, rows, bareRuns: [bareBefore, bareAfter] };
  } finally {
    await cleanUp();
  }
}

// ---------------------------------------------------------------- the report

function engineTable(run: EngineRun): string {
  const signedIn: Record<Session, string> = { none: '', admin: ', as the admin', hc: ', as the HC' };
  const judged = run.rows.filter((r) => r.goalMet !== undefined);
  const [before, after] = run.bareRuns.map((r) => integer(r.requestsPerSecond));
  return [
    `### ${run.title}`,
    '',
    '| route | req/s | p50 ms | p99 ms | of bare | goal (issue 35) | met |',
    '| --- | --: | --: | --: | --: | --- | --- |',
    ...run.rows.map((r) => {
      const met = r.goalMet === undefined ? '' : r.goalMet ? 'yes' : '**no**';
      const route = `${r.name}: \`GET ${r.path}\`${signedIn[r.session]}`;
      return (
        `| ${route} | ${integer(r.requestsPerSecond)} | ${r.p50Ms} | ${r.p99Ms} | ${percent(r.shareOfBare)} ` +
        `| ${r.goalText ?? ''} | ${met} |`
      );
    }),
    '',
    `Goals met: ${judged.filter((r) => r.goalMet).length} of ${judged.length}. ` +
      `Bare Fastify answered ${before} req/s before and ${after} after these routes; the shares use the higher.`,
  ].join('\n');
}

function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The commit measured, and whether the server's code differs from it (a run on work in progress). */
function gitCommit(): string | undefined {
  const commit = git('rev-parse', '--short', 'HEAD');
  const changed = git('status', '--porcelain', '--', 'server/src', 'shared/src');
  return commit && `${commit}${changed ? ' with uncommitted changes in server/src or shared/src' : ''}`;
}

function runReport(runs: EngineRun[], startedAt: Date, loadAtStart: number): string {
  const cpus = os.cpus();
  const commit = gitCommit();
  const when = `${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const machine = [
    commit ? `Commit ${commit}` : undefined,
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'})`,
    `Node ${process.version}`,
    `load average ${loadAtStart.toFixed(2)} at start and ${os.loadavg()[0].toFixed(2)} at the end`,
    `the portal as \`node ${START_NODE_FLAGS.join(' ')} server/src/main.ts\`, bare Fastify and autocannon each in their own process`,
    `${CONNECTIONS} connections, ${SECONDS} s per route after ${WARMUP_SECONDS} s of warm-up.`,
  ].filter(Boolean);
  return [`## ${when}${LABEL ? `: ${LABEL}` : ''}`, machine.join('; '), ...runs.map(engineTable)].join(
    '\n\n',
  );
}

const HEADING = `# Request-path benchmark

\`npm run bench\` (server/bench/request-path.ts; how it measures is written at the top of that file).`;

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0];
  const bare = await startBareFastify();
  const runs: EngineRun[] = [];
  try {
    for (const key of ENGINES as EngineKey[]) runs.push(await runEngine(key, bare.url));
  } finally {
    await bare.stop();
    await cleanUp();
  }
  const report = runReport(runs, startedAt, loadAtStart);
  console.log(`\n${report}\n`);
  recordRun('request-path', report, { quick: QUICK, heading: HEADING });
  const missed = runs.flatMap((run) =>
    run.rows.filter((row) => row.goalMet === false).map((row) => `${run.key}: ${row.name}`),
  );
  console.log(missed.length ? `Goals missed: ${missed.join('; ')}.` : 'Every goal met.');
  if (ENFORCE && missed.length > 0) process.exitCode = 1;
}

await main();
