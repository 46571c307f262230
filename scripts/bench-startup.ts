// `npm run bench:startup`: starts the portal as `npm start` does (embedded PGlite, demo seed) on a
// fresh data folder, times the first answer, lets it settle and reads its resident memory; then
// adds the run to its section of docs/benchmarks.md. Goals: first answer ≤ 5 s (issue 9), idle RSS ≤ 250 MB (issue 35).
//   BENCH_RUNS      starts to measure (3); the table shows each and the median
//   BENCH_SETTLE_S  seconds of idling before RSS is read (15)
//   BENCH_LABEL     a name for the run
//   --quick         one run, 3 s settle, nothing written
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { recordRun } from '../server/bench/report-section.ts';
import { freePort } from './bench-report.ts';
import { buildWebIfStale } from './build-web.ts';

const root = path.resolve(import.meta.dirname, '..');
const QUICK = process.argv.includes('--quick');
const RUNS = QUICK ? 1 : Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_S = QUICK ? 3 : Number(process.env.BENCH_SETTLE_S ?? 15);
const GOAL_FIRST_ANSWER_MS = 5000;
const GOAL_IDLE_RSS_MB = 250;
/** `npm start` as package.json runs it (its node flags included), in this process's Node. */
const START_ARGS = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string
)
  .split(/\s+/)
  .slice(1);

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

interface Run {
  firstAnswerMs: number;
  readyLogMs: number | undefined;
  idleRssMb: number;
  peakRssMb: number;
}

async function measureOnce(): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-startup-'));
  const port = await freePort();
  const startedAt = performance.now();
  const server: ChildProcess = spawn(process.execPath, START_ARGS, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    let firstAnswerMs: number | undefined;
    while (firstAnswerMs === undefined) {
      if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output}`);
      if (performance.now() - startedAt > 60_000) throw new Error(`No answer within 60 s:\n${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}/auth/build-version/`).catch(() => undefined);
      if (answer?.ok) firstAnswerMs = performance.now() - startedAt;
      else await sleep(20);
    }
    const readyLogMs = Number(output.match(/ready in (\d+) ms/)?.[1]) || undefined;
    await sleep(SETTLE_S * 1000);
    const { rss, peak } = memoryOf(server.pid as number);
    return { firstAnswerMs, readyLogMs, idleRssMb: rss, peakRssMb: peak };
  } finally {
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!buildWebIfStale()) process.exit(1);
const loadBefore = os.loadavg()[0];
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const run = await measureOnce();
  console.log(
    `run ${i + 1}: first answer ${Math.round(run.firstAnswerMs)} ms (server's own count ${run.readyLogMs ?? '?'} ms), ` +
      `idle RSS ${run.idleRssMb.toFixed(0)} MB, peak ${run.peakRssMb.toFixed(0)} MB`,
  );
  runs.push(run);
}
const firstAnswer = median(runs.map((r) => r.firstAnswerMs));
const idleRss = median(runs.map((r) => r.idleRssMb));
const verdict = (ok: boolean) => (ok ? 'pass' : '**fail**');

const label = process.env.BENCH_LABEL ?? 'npm start, fresh data folder';
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim();
const lines = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${label}`,
  '',
  `Commit ${commit}; \`npm start\` is \`${START_ARGS.join(' ')}\`; ${os.cpus().length} cores; Node ${process.version}; load average ${loadBefore.toFixed(2)} at start and ` +
    `${os.loadavg()[0].toFixed(2)} at the end; ${RUNS} starts, RSS read after ${SETTLE_S} s idle.`,
  '',
  '| start | first answer | server ready log | idle RSS | peak RSS |',
  '| --- | --: | --: | --: | --: |',
  ...runs.map(
    (r, i) =>
      `| ${i + 1} | ${(r.firstAnswerMs / 1000).toFixed(2)} s | ${r.readyLogMs ? `${(r.readyLogMs / 1000).toFixed(2)} s` : '?'} | ` +
      `${r.idleRssMb.toFixed(0)} MB | ${r.peakRssMb.toFixed(0)} MB |`,
  ),
  `| **median** | **${(firstAnswer / 1000).toFixed(2)} s** (goal ≤ 5 s: ${verdict(firstAnswer <= GOAL_FIRST_ANSWER_MS)}) | | ` +
    `**${idleRss.toFixed(0)} MB** (goal ≤ ${GOAL_IDLE_RSS_MB} MB: ${verdict(idleRss <= GOAL_IDLE_RSS_MB)}) | |`,
  '',
];
console.log(`\n${lines.join('\n')}`);
recordRun('startup', lines.join('\n'), { quick: QUICK });
