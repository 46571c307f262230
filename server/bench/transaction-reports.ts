// The transaction report at a million rows: `npm run bench:reports` (issue 12).
// Creates portal_bench_reports_<pid> on BENCH_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/test), migrates it, makes a sales network of 5 distributors,
// 50 managers, 500 reps, 1,000 centers, 200 referral centers and 2,000 patients, loads 1,000,000
// transactions (bulk-transactions.ts), then, against the portal listening on a port:
//   - the admin report list for each filter, a manager's and a distributor's team report, and a bare
//     Fastify hello-world in its own process in the same run, with autocannon (10 connections): req/s, p50, p99;
//   - the CSV and XLSX exports of all 1M rows: time to the first data row (export-first-row.ts),
//     total time, size, the server's RSS before and at its peak.
// The portal runs as its own process (`node server/src/main.ts`, npm start's V8 flags) so that its RSS
// is the server's alone: sampled from /proc every 50 ms during each export.
// Prints the tables, adds the run to its section of docs/benchmarks.md and drops the database.
//   BENCH_SECONDS  seconds per route (default 5), after a 1 s warm-up
//   BENCH_ROWS     transactions (default 1,000,000)
//   --quick        20,000 rows, 1 s per route, nothing written
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import pg from 'pg';
import { issueSessionToken } from '../src/auth/tokens.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createUser } from '../src/seed/factories.ts';
import { BENCH_SIZES, bulkInsertTransactions, createBulkParties } from './bulk-transactions.ts';
import { csvFirstRowWatch, xlsxFirstRowWatch } from './export-first-row.ts';
import { type LoadResult, measureRoute, startBareFastify } from './load.ts';
import { START_NODE_FLAGS, startPortalProcess } from './portal-process.ts';
import { recordRun } from './report-section.ts';

const QUICK = process.argv.includes('--quick');
const ROWS = QUICK ? 20_000 : Number(process.env.BENCH_ROWS ?? 1_000_000);
const SECONDS = QUICK ? 1 : Number(process.env.BENCH_SECONDS ?? 5);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NAME = `portal_bench_reports_${process.pid}`;
const GOALS = { minShareOfBare: 0.25, maxP99Ms: 50, maxExportRssMb: 200, maxFirstRowMs: 1000 };

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A process's resident set in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/**
 * Downloads an export, counting bytes and timing its first data row; samples the server's RSS every
 * 50 ms meanwhile.
 */
async function timeExport(format: 'csv' | 'xlsx', url: string, authorization: string, serverPid: number) {
  let peakRss = rssOf(serverPid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(serverPid));
  }, 50);
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization, 'accept-encoding': 'identity' } });
  if (!response.ok || !response.body)
    throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  const firstRow = format === 'csv' ? csvFirstRowWatch() : xlsxFirstRowWatch();
  let firstRowMs: number | undefined;
  let bytes = 0;
  for await (const chunk of response.body) {
    if (firstRowMs === undefined && firstRow.push(chunk)) firstRowMs = performance.now() - started;
    bytes += chunk.byteLength;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  if (firstRowMs === undefined) throw new Error(`GET ${url}: the ${format} export holds no data row`);
  return { firstRowMs, totalMs, bytes, peakRssMb: mb(peakRss) };
}

async function main() {
  await onServer(`CREATE DATABASE ${NAME}`);
  const url = urlFor(NAME);
  const database = openPostgres(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-reports-'));
  try {
    await runMigrations(database, url);
    console.error(`loading: the sales network, then ${ROWS.toLocaleString('en-US')} transactions…`);
    const t0 = performance.now();
    const parties = await createBulkParties(
      database.db,
      QUICK ? { ...BENCH_SIZES, distributors: 1 } : BENCH_SIZES,
    );
    await bulkInsertTransactions(url, ROWS, parties);
    const vacuum = new pg.Client({ connectionString: url });
    await vacuum.connect();
    await vacuum.query('VACUUM ANALYZE transactions');
    await vacuum.end();
    console.error(`  loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const admin = await createUser(database.db, { membershipId: MEMBERSHIP.admin });
    const sessionOf = async (userId: number) =>
      `Token ${(await issueSessionToken(database.db, { userId, ttlDays: 1 })).token}`;
    const adminAuth = await sessionOf(admin.id);
    const center = parties.centers[17];
    const managerAuth = await sessionOf(center.manager);
    const distributorAuth = await sessionOf(center.distributor);

    const bare = await startBareFastify();
    const portal = await startPortalProcess({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    }).catch(async (error) => {
      await bare.stop();
      throw error;
    });
    const { base, pid: serverPid } = portal;
    try {
      const list = '/api/admin/transactions/?limit=10';
      const routes: { name: string; path: string; authorization: string }[] = [
        { name: 'no filter', path: list, authorization: adminAuth },
        { name: 'search (a clinic)', path: `${list}&search=bulk%20clinic%201.2.3`, authorization: adminAuth },
        {
          name: 'date after + before (a month)',
          path: `${list}&date_after=2026-03-01&date_before=2026-03-31`,
          authorization: adminAuth,
        },
        { name: 'sales rep', path: `${list}&sales_rep_id=${center.rep}`, authorization: adminAuth },
        {
          name: 'sales manager',
          path: `${list}&sales_manager_id=${center.manager}`,
          authorization: adminAuth,
        },
        {
          name: 'sales distributor',
          path: `${list}&sales_distributor_id=${center.distributor}`,
          authorization: adminAuth,
        },
        { name: 'harvest center', path: `${list}&harvest_center_id=${center.hc}`, authorization: adminAuth },
        {
          name: 'referral center',
          path: `${list}&referral_harvest_center_id=${parties.referralCenters[5]}`,
          authorization: adminAuth,
        },
        { name: 'product', path: `${list}&product_id=${PRODUCT.vials}`, authorization: adminAuth },
        { name: 'patient', path: `${list}&patient_id=${parties.patients[42]}`, authorization: adminAuth },
        {
          name: 'a manager’s team',
          path: `/api/v1/sales-rep/${center.manager}/team-transactions/?limit=10`,
          authorization: managerAuth,
        },
        {
          name: 'a distributor’s teams',
          path: `/api/v1/sales-distributors/${center.distributor}/team-transactions/?limit=10`,
          authorization: distributorAuth,
        },
      ];
      // Exports first, on the freshly started server: its RSS is then the export's, not the load's.
      const idleRss = mb(rssOf(serverPid));
      console.error(`  server RSS after start: ${idleRss} MB`);
      const exports = [];
      for (const format of ['csv', 'xlsx'] as const) {
        const baseline = mb(rssOf(serverPid));
        const result = await timeExport(
          format,
          `${base}/api/v1/transactions/export-${format}/`,
          adminAuth,
          serverPid,
        );
        console.error(
          `  export ${format}: first row ${result.firstRowMs.toFixed(0)} ms, ${(result.totalMs / 1000).toFixed(1)} s, ${mb(result.bytes)} MB, peak RSS ${result.peakRssMb} MB`,
        );
        exports.push({ format, baseline, ...result });
      }

      const measure = (target: string, headers: Record<string, string> = {}) =>
        measureRoute({ url: target, headers, connections: 10, seconds: SECONDS, warmupSeconds: 1 });
      const bareBefore = await measure(bare.url);
      const rows: { name: string; path: string; result: LoadResult }[] = [];
      for (const route of routes) {
        const result = await measure(`${base}${route.path}`, { authorization: route.authorization });
        console.error(
          `  ${route.name.padEnd(32)} ${Math.round(result.requestsPerSecond)} req/s  p50 ${result.p50Ms}  p99 ${result.p99Ms}`,
        );
        rows.push({ ...route, result });
      }
      const bareAfter = await measure(bare.url);
      const bareRps = Math.max(bareBefore.requestsPerSecond, bareAfter.requestsPerSecond);
      const lines: string[] = [];
      const now = new Date().toISOString().slice(0, 16).replace('T', ' ');
      lines.push(`## ${now} UTC: the transaction report at ${ROWS.toLocaleString('en-US')} rows`, '');
      lines.push(
        `${os.cpus().length} cores; Node ${process.version}; load average ${os.loadavg()[0].toFixed(2)} at the end; 10 connections, ${SECONDS} s per route after 1 s of warm-up; bare Fastify ${Math.round(bareBefore.requestsPerSecond).toLocaleString('en-US')} req/s before and ${Math.round(bareAfter.requestsPerSecond).toLocaleString('en-US')} after (the ratios use the higher).`,
        '',
      );
      lines.push(`| route | req/s | p50 ms | p99 ms | of bare | goal: ≥ 25% of bare, p99 ≤ 50 ms |`);
      lines.push('| --- | --: | --: | --: | --: | --- |');
      for (const { name, result } of rows) {
        const share = result.requestsPerSecond / bareRps;
        const met = share >= GOALS.minShareOfBare && result.p99Ms <= GOALS.maxP99Ms;
        lines.push(
          `| ${name} | ${Math.round(result.requestsPerSecond).toLocaleString('en-US')} | ${result.p50Ms} | ${result.p99Ms} | ${(share * 100).toFixed(1)}% | ${met ? 'pass' : '**fail**'} |`,
        );
      }
      lines.push(
        '',
        `The server process (\`node ${START_NODE_FLAGS.join(' ')} server/src/main.ts\` on PostgreSQL), just started (RSS ${idleRss} MB), exports before the load above; RSS from /proc every 50 ms.`,
        '',
        '| export of every row | first data row | total | size | server RSS before | server peak RSS | goal: first row ≤ 1 s, peak ≤ 200 MB |',
      );
      lines.push('| --- | --: | --: | --: | --: | --: | --- |');
      for (const e of exports) {
        const met = e.firstRowMs <= GOALS.maxFirstRowMs && e.peakRssMb <= GOALS.maxExportRssMb;
        lines.push(
          `| ${e.format.toUpperCase()} | ${e.firstRowMs.toFixed(0)} ms | ${(e.totalMs / 1000).toFixed(1)} s | ${mb(e.bytes)} MB | ${e.baseline} MB | ${e.peakRssMb} MB | ${met ? 'pass' : '**fail**'} |`,
        );
      }
      const text = lines.join('\n');
      console.log(text);
      recordRun('reports', text, { quick: QUICK });
    } finally {
      await bare.stop();
      await portal.stop();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  }
}

await main();
