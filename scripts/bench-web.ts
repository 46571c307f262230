// `npm run bench:web`: how soon the first pages are usable on a slow device (issue 35). Builds the
// web app when stale, starts the portal as `npm start` does (demo data, a fresh embedded database,
// a free port) and opens, in Chromium with the CPU slowed 4×, the login page and each demo role's
// dashboard with an empty cache (a first visit, the session stored as the web app keeps it). For
// each: the largest contentful paint and the time the page settled (no loader left, the last change
// to the page), both from navigation, and the JavaScript loaded: requests, bytes unpacked, bytes as
// sent (the server's brotli) and the same bodies gzipped (level 9). Median of 3 runs (`--runs N`).
// Writes its section of docs/benchmarks.md; `--quick` (one run) writes nothing; `--files` lists
// what each page fetched and painted, and when.
// Goals: login page LCP ≤ 1.5 s; each dashboard LCP ≤ 2.5 s with ≤ 300 kB gzip of JavaScript in
// ≤ 15 requests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { type PortalProcess, startPortalProcess } from '../server/bench/portal-process.ts';
import { recordRun } from '../server/bench/report-section.ts';
import { buildWebIfStale } from './build-web.ts';
import { CHROMIUM } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const QUICK = process.argv.includes('--quick');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : QUICK ? 1 : 3;
/** `--files`: lists what each page fetched and when, and its scripts (first run), to see what a page loads. */
const FILES = process.argv.includes('--files');
const CPU_SLOWDOWN = 4;
const GOALS = { loginLcpMs: 1500, dashboardLcpMs: 2500, dashboardGzipKB: 300, dashboardRequests: 15 };

/** The demo accounts (server/src/seed), as e2e/support/fixtures.ts signs them in. */
const DEMO_PASSWORD = 'demo-password';
const ROLES = {
  admin: 'admin@example.com',
  lab: 'lab@example.com',
  patient: 'patient@example.com',
  hc: 'hc@example.com',
  rhc: 'rhc@example.com',
  staff: 'staff@example.com',
  rep: 'rep@example.com',
  manager: 'manager@example.com',
  distributor: 'distributor@example.com',
} as const;
type Role = keyof typeof ROLES;
// Where the web app keeps its session (web/src/lib/session.ts).
const TOKEN_KEY = 'portal.token';
const USER_KEY = 'portal.user';

interface Session {
  token: string;
  user: unknown;
}

interface PageRun {
  lcpMs: number;
  settledMs: number;
  requests: number;
  rawBytes: number;
  sentBytes: number;
  gzipBytes: number;
  encodings: Set<string>;
  /** Each script: its path, bytes unpacked and gzipped. */
  files: { path: string; raw: number; sent: number; gzip: number }[];
  /** What the page fetched and painted, when (ms from navigation), for `--files`. */
  timeline: { what: string; start: number; end: number }[];
}

/** The chapter of docs/benchmarks.md, written when the file has no section for this benchmark yet. */
const HEADING = [
  '# First pages on a slow device (issue 35)',
  '',
  '`npm run bench:web` (scripts/bench-web.ts) builds the web app when stale, starts the portal as `npm start` does',
  "(demo data, a fresh embedded database) and opens the login page and each demo role's dashboard in Chromium",
  `(Debian's headless shell) with the CPU slowed ${CPU_SLOWDOWN}× (CDP \`Emulation.setCPUThrottlingRate\`) and no`,
  'network throttling, each page with an empty cache: a first visit, a dashboard with the session already stored.',
  'Times are from navigation: LCP is the largest contentful paint; "settled" the last change to the page once no',
  'loader is left. JavaScript counts every script response: "sent" the bytes on the wire (the server\'s brotli),',
  '"gzip" each body gzipped at level 9. The pages run in turn, three rounds (`--runs N`); the table has the medians.',
  '',
  `Goals (issue 35): the login page's LCP ≤ ${GOALS.loginLcpMs} ms; each dashboard's LCP ≤ ${GOALS.dashboardLcpMs} ms,`,
  `with ≤ ${GOALS.dashboardGzipKB} kB of JavaScript (gzip) in ≤ ${GOALS.dashboardRequests} requests.`,
].join('\n');

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number ≥ 1');
if (!buildWebIfStale()) process.exit(1);

/** A demo role's session through the API (the demo accounts owe no second factor). */
async function signIn(baseUrl: string, role: Role): Promise<Session> {
  const answer = await fetch(`${baseUrl}/api/admin/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ROLES[role], password: DEMO_PASSWORD }),
  });
  const body = (await answer.json()) as Session & { stage?: string };
  if (!answer.ok || body.stage !== 'complete')
    throw new Error(`${role}: sign-in ${answer.status} ${JSON.stringify(body)}`);
  return { token: body.token, user: body.user };
}

/**
 * In the page before its own scripts: the largest contentful paint as it grows, and the last time
 * the document changed (read once no loader is left and the network has been idle: when it settled).
 */
function observePage(): void {
  const marks = { lcp: 0, settled: 0 };
  (window as unknown as { __benchWeb: typeof marks }).__benchWeb = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    marks.settled = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const LOADER = '.mantine-Loader-root, [aria-busy="true"]';

async function measure(browser: Browser, url: string, session?: Session): Promise<PageRun> {
  const { pathname } = new URL(url);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (session)
    await context.addInitScript(
      ([tokenKey, userKey, token, user]) => {
        localStorage.setItem(tokenKey, token);
        localStorage.setItem(userKey, user);
      },
      [TOKEN_KEY, USER_KEY, session.token, JSON.stringify(session.user)] as const,
    );
  await context.addInitScript(observePage);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const run: PageRun = {
    lcpMs: 0,
    settledMs: 0,
    requests: 0,
    rawBytes: 0,
    sentBytes: 0,
    gzipBytes: 0,
    encodings: new Set(),
    files: [],
    timeline: [],
  };
  const counted: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script' && !new URL(request.url()).pathname.endsWith('.js')) return;
    counted.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const body = await response.body();
        run.requests += 1;
        run.rawBytes += body.length;
        const sent = (await request.sizes()).responseBodySize;
        run.sentBytes += sent;
        const gzip = zlib.gzipSync(body, { level: 9 }).length;
        run.gzipBytes += gzip;
        run.files.push({ path: new URL(request.url()).pathname, raw: body.length, sent, gzip });
        run.encodings.add((await response.allHeaders())['content-encoding'] ?? 'identity');
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  if (new URL(page.url()).pathname !== pathname) throw new Error(`${pathname} went to ${page.url()}`);
  // Settled: the page's main landmark has content, no loader is left, and nothing is fetched.
  await page.waitForFunction(
    (loader) => {
      const main = document.getElementById('main-content');
      return !!main && (main.textContent ?? '').trim().length > 0 && !document.querySelector(loader);
    },
    LOADER,
    { polling: 100, timeout: 60_000 },
  );
  await page.waitForLoadState('networkidle');
  // Chromium reports the largest paint after the frame is presented: wait for it rather than read 0.
  await page.waitForFunction(
    () => (window as unknown as { __benchWeb: { lcp: number } }).__benchWeb.lcp > 0,
    null,
    {
      polling: 100,
      timeout: 10_000,
    },
  );
  await Promise.all(counted);
  const marks = await page.evaluate(
    () => (window as unknown as { __benchWeb: { lcp: number; settled: number } }).__benchWeb,
  );
  run.lcpMs = marks.lcp;
  run.settledMs = marks.settled;
  run.timeline = await page.evaluate(() => [
    ...performance.getEntriesByType('resource').map((entry) => {
      const { pathname } = new URL(entry.name);
      const timing = entry as PerformanceResourceTiming;
      return {
        what: `${timing.initiatorType} ${pathname}`,
        start: timing.startTime,
        end: timing.responseEnd,
      };
    }),
    ...performance
      .getEntriesByType('paint')
      .map((entry) => ({ what: entry.name, start: entry.startTime, end: entry.startTime })),
  ]);
  await context.close();
  return run;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number) => Math.round(value).toLocaleString('en');
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
let portal: PortalProcess | undefined;
try {
  // As `npm start` runs it: the demo data on a fresh embedded database.
  portal = await startPortalProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  });
  const baseUrl = portal.base;
  const loadBefore = os.loadavg()[0];
  const sessions = {} as Record<Role, Session>;
  for (const role of Object.keys(ROLES) as Role[]) sessions[role] = await signIn(baseUrl, role);
  const pages: { name: string; path: string; session?: Session; dashboard: boolean }[] = [
    { name: 'login page `/`', path: '/', dashboard: false },
    ...(Object.keys(ROLES) as Role[]).map((role) => ({
      name: `${role} \`/dashboard\``,
      path: '/dashboard',
      session: sessions[role],
      dashboard: true,
    })),
  ];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const runs = new Map<string, PageRun[]>(pages.map((p) => [p.name, []]));
  // Round-robin, so a burst of load on the shared machine spreads over the pages instead of one.
  for (let n = 0; n < RUNS; n++)
    for (const p of pages) {
      const run = await measure(browser, `${baseUrl}${p.path}`, p.session);
      runs.get(p.name)?.push(run);
      process.stdout.write(
        `run ${n + 1}/${RUNS} ${p.name}: LCP ${ms(run.lcpMs)} ms, ${run.requests} scripts\n`,
      );
      if (FILES && n === 0) {
        for (const event of [...run.timeline].sort((a, b) => a.start - b.start))
          process.stdout.write(
            `    ${ms(event.start).padStart(6)}-${ms(event.end).padStart(6)} ms  ${event.what}\n`,
          );
        for (const file of [...run.files].sort((a, b) => b.gzip - a.gzip))
          process.stdout.write(
            `    ${kB(file.gzip).padStart(6)} kB gzip ${kB(file.sent).padStart(6)} sent ${kB(file.raw).padStart(7)} unpacked  ${file.path}\n`,
          );
      }
    }
  await browser.close();
  const loadAfter = os.loadavg()[0];

  const rows: string[] = [];
  let met = 0;
  for (const p of pages) {
    const all = runs.get(p.name) ?? [];
    const m = (pick: (run: PageRun) => number) => median(all.map(pick));
    const lcp = m((r) => r.lcpMs);
    const gzip = m((r) => r.gzipBytes);
    const requests = m((r) => r.requests);
    const ok = p.dashboard
      ? lcp <= GOALS.dashboardLcpMs &&
        gzip <= GOALS.dashboardGzipKB * 1000 &&
        requests <= GOALS.dashboardRequests
      : lcp <= GOALS.loginLcpMs;
    if (ok) met += 1;
    const encodings = [...new Set(all.flatMap((r) => [...r.encodings]))].join(', ');
    const lcps = all.map((r) => r.lcpMs);
    const lcpText = `${ms(lcp)}${all.length > 1 ? ` (${ms(Math.min(...lcps))}-${ms(Math.max(...lcps))})` : ''}`;
    rows.push(
      `| ${p.name} | ${requests} | ${kB(m((r) => r.rawBytes))} | ${kB(m((r) => r.sentBytes))} (${encodings}) | ${kB(gzip)} | ${lcpText} | ${ms(m((r) => r.settledMs))} | ${verdict(ok)} |`,
    );
  }
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', 'web'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  const lines = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${process.env.BENCH_LABEL ?? 'first pages'} (\`npm run bench:web\`)`,
    '',
    `Commit ${commit}${dirty ? ' with uncommitted changes in web/' : ''}; ${os.cpus().length} cores, load average ` +
      `${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after. Median of ${RUNS} run${RUNS > 1 ? 's' : ''}` +
      `${RUNS > 1 ? ' (LCP: median, fastest-slowest)' : ''}.`,
    '',
    '| page | JS requests | JS kB unpacked | JS kB sent | JS kB gzip | LCP ms | settled ms | goal |',
    '| --- | --: | --: | --: | --: | --: | --: | --- |',
    ...rows,
    '',
    `Goals met by ${met} of ${pages.length} pages.`,
  ];
  console.log(`\n${lines.join('\n')}`);
  recordRun('web', lines.join('\n'), { quick: QUICK, heading: HEADING });
} finally {
  await portal?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
