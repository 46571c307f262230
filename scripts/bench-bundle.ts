// `npm run bench:bundle`: what the login page costs a browser. Starts the portal (fresh data folder),
// opens `/` in Chromium and adds up the JavaScript it fetched, as sent (compressed) and unpacked,
// beside the budget's own count of the same files (.size-limit.js); adds the run to
// its section of docs/benchmarks.md. Goal (issue 9): ≤ 170 kB of compressed JavaScript. `--quick`: nothing written.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { recordRun } from '../server/bench/report-section.ts';
import { freePort } from './bench-report.ts';
import { buildWebIfStale } from './build-web.ts';
import { CHROMIUM } from './chromium.ts';
import { LOGIN_PAGE, scriptsOfPage } from './web-bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
const QUICK = process.argv.includes('--quick');
const GOAL_KB = 170;

if (!buildWebIfStale()) process.exit(1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-bundle-'));
const port = await freePort();
const server = spawn(process.execPath, ['server/src/main.ts'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
});
const exited = new Promise((resolve) => server.once('exit', resolve));
const kB = (bytes: number) => (bytes / 1000).toFixed(1);
try {
  const baseUrl = `http://127.0.0.1:${port}`;
  for (
    let started = Date.now();
    !(await fetch(`${baseUrl}/auth/build-version/`).catch(() => undefined))?.ok;
  ) {
    if (Date.now() - started > 120_000 || server.exitCode !== null)
      throw new Error('The server did not start');
    await sleep(50);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  const scripts: { url: string; encoding: string; sent: number; unpacked: number }[] = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response || request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    scripts.push({
      url: new URL(request.url()).pathname,
      encoding: (await response.allHeaders())['content-encoding'] ?? 'none',
      sent: sizes.responseBodySize,
      unpacked: (await response.body()).length,
    });
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await browser.close();

  const sent = scripts.reduce((sum, s) => sum + s.sent, 0);
  const unpacked = scripts.reduce((sum, s) => sum + s.unpacked, 0);
  const budgetFiles = scriptsOfPage(LOGIN_PAGE);
  const budgetCount = budgetFiles.reduce(
    (sum, file) => sum + fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size,
    0,
  );
  const fetched = new Set(scripts.map((s) => path.basename(s.url)));
  const missing = budgetFiles.map((f) => path.basename(f)).filter((name) => !fetched.has(name));
  const extra = [...fetched].filter((name) => !budgetFiles.some((f) => path.basename(f) === name));
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  const lines = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${process.env.BENCH_LABEL ?? 'login page'}`,
    '',
    `Commit ${commit}; Chromium fetched ${scripts.length} scripts for \`/\` (content-encoding: ${encodings}).`,
    '',
    '| measure | kB |',
    '| --- | --: |',
    `| JavaScript sent (compressed), as the browser counted it | **${kB(sent)}** (goal ≤ ${GOAL_KB}: ${sent <= GOAL_KB * 1000 ? 'pass' : '**fail**'}) |`,
    `| the same, unpacked | ${kB(unpacked)} |`,
    `| the budget's count (.size-limit.js, from the build manifest) | ${kB(budgetCount)} |`,
    '',
    missing.length || extra.length
      ? `The budget's list and the browser's differ: not fetched ${missing.join(', ') || '-'}; not in the budget ${extra.join(', ') || '-'}.`
      : 'The browser fetched exactly the files the budget counts.',
    '',
  ];
  console.log(lines.join('\n'));
  recordRun('bundle', lines.join('\n'), { quick: QUICK });
} finally {
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
