// Where one route's CPU goes under load: `npm run bench:profile` (issue 35: "a CPU profile under
// load ... the record shows the profile that proves where the floor is"). Starts the portal as
// `npm run bench` does, with V8's sampling profiler on (--cpu-prof), loads one route with autocannon
// from this process, stops the portal and reads its main thread's profile: only the samples of the
// measured window, grouped by where the code lives (the portal, each package, Node, V8's own work)
// and by function; and the CPU time each process spent in that window (the portal with its threads,
// PostgreSQL's server processes, the load generator), which shows which of them is the floor on the
// machine's cores. Prints only.
//   BENCH_ENGINE       pglite or postgres (default postgres)
//   PROFILE_ROUTE      a route's name as `npm run bench` names it, or part of it (default "admin users")
//   BENCH_SECONDS      measured seconds (default 8), after BENCH_WARMUP_SECONDS (default 2)
//   BENCH_CONNECTIONS  default 10
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkListHasRows, cleanUp, type EngineKey, portalRoutes, startPortal } from './bench-portal.ts';
import { measureRoute } from './load.ts';
import { type CpuSnapshot, cpuBetween, cpuSnapshot } from './process-cpu.ts';

const ENGINE = (process.env.BENCH_ENGINE ?? 'postgres') as EngineKey;
if (ENGINE !== 'pglite' && ENGINE !== 'postgres') throw new Error('BENCH_ENGINE: pglite or postgres');
const ROUTE = process.env.PROFILE_ROUTE ?? 'admin users';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** Where a frame's code lives: a package, the portal's own code, Node's library, or V8's own work. */
function areaOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : 'V8 built-ins';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (inPackage) return inPackage[1];
  if (frame.url.startsWith('node:')) return 'Node';
  if (frame.url.includes('/server/src/')) return 'the portal (server/src)';
  if (frame.url.includes('/shared/')) return 'the portal (shared)';
  return frame.url;
}

/** Self time per area and per function, over the samples taken in the last `windowMs` before the end. */
function summarize(profile: CpuProfile, windowMs: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let time = profile.startTime;
  const sampleTimes = profile.timeDeltas.map((delta) => (time += delta));
  const from = profile.endTime - windowMs * 1000;
  let total = 0;
  profile.samples.forEach((id, index) => {
    if (sampleTimes[index] < from) return;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const weight = profile.timeDeltas[index + 1] ?? 0;
    total += weight;
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + weight);
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/server\/src\//, 'server/src/')}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + weight);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ name, share: us / total }));
  return { totalMs: total / 1000, areas: top(byArea, 20), functions: top(byFunction, 30) };
}

async function main() {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-profile-'));
  const nodeOptions = [process.env.NODE_OPTIONS, '--cpu-prof', `--cpu-prof-dir=${profileDir}`].filter(
    Boolean,
  );
  console.error(`${ENGINE}: starting the portal with the profiler on…`);
  const portal = await startPortal(ENGINE, { NODE_OPTIONS: nodeOptions.join(' ') });
  const route = portalRoutes(portal.patientId).find((r) => r.name.includes(ROUTE));
  if (!route) throw new Error(`PROFILE_ROUTE: no route named like "${ROUTE}"`);
  const url = `${portal.base}${route.path}`;
  const headers = portal.sessions[route.session];
  let load: Awaited<ReturnType<typeof measureRoute>>;
  let stoppedAt: number;
  let loadStartedAt: number;
  let cpu: CpuSnapshot;
  try {
    if (route.list) await checkListHasRows(url, headers);
    if (WARMUP_SECONDS > 0)
      await measureRoute({ url, headers, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const before = cpuSnapshot(portal.pid);
    loadStartedAt = performance.now();
    load = await measureRoute({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
    const after = cpuSnapshot(portal.pid);
    cpu = cpuBetween(before, after);
  } finally {
    stoppedAt = performance.now();
    await cleanUp();
  }
  // The main thread's profile is the one whose thread id (the fifth field of the name) is 0.
  const file = fs.readdirSync(profileDir).find((name) => name.split('.')[4] === '0');
  if (!file) throw new Error(`no main-thread profile in ${profileDir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
  fs.rmSync(profileDir, { recursive: true, force: true });
  // The window: from the end of the warm-up to the end of the profile, less the shutdown's share.
  const summary = summarize(profile, stoppedAt - loadStartedAt);
  const perRequestMs = summary.totalMs / load.requests;
  const lines = [
    `## ${route.name} (\`GET ${route.path}\`) on ${ENGINE}, ${CONNECTIONS} connections, ${SECONDS} s`,
    '',
    `${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms; ` +
      `the main thread's samples: ${Math.round(summary.totalMs)} ms, ${perRequestMs.toFixed(3)} ms a request ` +
      '(idle included, as "(idle)").',
    '',
    `CPU in the window, ms a request: the portal (all its threads) ${((cpu.portal * 1000) / load.requests).toFixed(3)}, ` +
      `PostgreSQL's processes ${((cpu.postgres * 1000) / load.requests).toFixed(3)}, ` +
      `the load generator ${((cpu.loadGenerator * 1000) / load.requests).toFixed(3)} ` +
      `(${os.cpus().length} cores: ${((os.cpus().length * 1000) / load.requestsPerSecond).toFixed(3)} ms of CPU a request at this rate).`,
    '',
    '| where (main thread) | share | ms a request |',
    '| --- | --: | --: |',
    ...summary.areas.map(
      (a) => `| ${a.name} | ${(a.share * 100).toFixed(1)}% | ${(a.share * perRequestMs).toFixed(3)} |`,
    ),
    '',
    '| function (self time) | share |',
    '| --- | --: |',
    ...summary.functions.map((f) => `| \`${f.name}\` | ${(f.share * 100).toFixed(1)}% |`),
  ];
  console.log(lines.join('\n'));
}

await main();
