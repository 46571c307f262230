// `npm test`: lint, type-check, unit + API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set), then the browser tests. Ends with one 'N passed, N failed' line for CI.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp');
fs.mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');
fs.rmSync(vitestReport, { force: true });
fs.rmSync(playwrightReport, { force: true });

const timings: string[] = [];
function step(name: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

/** A command run in the background; its output (stdout and stderr) is kept, to print when it ends. */
function inBackground(cmd: string, args: string[]): Promise<{ ok: boolean; output: Buffer }> {
  return new Promise((resolve) => {
    const output: Buffer[] = [];
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(output) }));
  });
}

/**
 * Steps that each keep about one core busy (tsc; Biome, the module rules and the web build), run
 * side by side on CI's two cores; each one's output is printed whole when it ends.
 */
async function stepsSideBySide(steps: { name: string; cmd: string; args: string[] }[]): Promise<boolean> {
  const results = await Promise.all(
    steps.map(async ({ name, cmd, args }) => {
      const started = Date.now();
      const { ok, output } = await inBackground(cmd, args);
      console.log(`\n=== ${name}`);
      process.stdout.write(output);
      timings.push(
        `${name}: ${((Date.now() - started) / 1000).toFixed(1)} s (beside the other static checks)`,
      );
      return ok;
    }),
  );
  return results.every(Boolean);
}

const only = process.argv[2];

/**
 * A machine without Chromium installs it (apt-get: mostly download and unpacking) while the
 * static checks and the API tests run, instead of after them; the browser step waits for it.
 * Its output goes to .tmp/chromium-install.log, and to the console when it fails.
 */
async function installChromiumAlongside(): Promise<boolean> {
  const { ok, output } = await inBackground('node', ['scripts/ensure-chromium.ts']);
  fs.writeFileSync(path.join(reports, 'chromium-install.log'), output);
  if (!ok) process.stdout.write(output);
  return ok;
}
const chromium = !only || only === 'e2e' ? installChromiumAlongside() : undefined;

let ok = true;
if (!only || only === 'static') {
  ok = await stepsSideBySide([
    { name: 'lint', cmd: 'npm', args: ['run', 'lint'] }, // biome, module rules, size budget
    { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
  ]);
}
if (ok && (!only || only === 'vitest')) {
  ok = step('unit + API', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
}
if (ok && (!only || only === 'e2e')) {
  ok = (await chromium) ?? true;
  ok &&= step('browser', 'npm', ['run', 'test:e2e', '--', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
}

let passed = 0;
let failed = 0;
if (fs.existsSync(vitestReport)) {
  const r = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
}
if (fs.existsSync(playwrightReport)) {
  const s = JSON.parse(fs.readFileSync(playwrightReport, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  if (s.flaky > 0)
    timings.push(`browser tests that passed only on their retry (flaky, listed above): ${s.flaky}`);
}
if (!ok && failed === 0) failed = 1; // a failing lint, type-check or start-up counts too
console.log(`\n${timings.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
