import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
export const dataDir = path.join(root, '.tmp', `e2e-data-${port}`);
/** One signed-in session per demo role, made once by the setup project and shared by the tests. */
export const sessionsFile = path.join(root, '.tmp', `e2e-sessions-${port}.json`);

export default defineConfig({
  testDir: '.',
  // Tests make their own data through the API, so any two can run side by side, in any file.
  fullyParallel: true,
  // A `.only` left in a spec would pass CI with every other test skipped; .ci/run sets no CI
  // variable, so this holds everywhere (Biome's noFocusedTests catches it earlier, in lint).
  forbidOnly: true,
  // Generous: CI has 2 cores shared by the server, the browser and two workers.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  // A test that fails runs once more, recording its trace; it counts as passed but is listed as flaky.
  retries: 1,
  reporter: 'list',
  outputDir: path.join(root, '.tmp', `test-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // The retry of a failed test records its trace (actions, DOM snapshots, network; no screencast).
    // Recording every test, to keep only the failures', cost an eighth of the browser step's CPU.
    trace: { mode: 'on-first-retry', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'sessions', testMatch: 'support/sessions.setup.ts' },
    { name: 'chromium', testMatch: '**/*.spec.ts', dependencies: ['sessions'] },
  ],
  // The real server on a fresh embedded database with the demo seed, as `npm start` runs it.
  webServer: {
    command: `rm -rf "${dataDir}" && node --max-semi-space-size=8 --v8-pool-size=1 server/src/main.ts`,
    cwd: root,
    // Healthy once the demo data is whole (its documents are sealed after the server answers).
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BUILD_VERSION: 'e2e',
      // Every browser sign-up comes from 127.0.0.1: the per-address limit (tested in the API tests) stays out of the way.
      SIGNUP_RATE_LIMIT: '1000',
      // The white-label spec's DNS stub, and check_up's request through the domain back to this server over HTTP.
      WHITE_LABEL_DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT ?? 3153}`,
      WHITE_LABEL_PROBE_SCHEME: 'http',
      WHITE_LABEL_PROBE_PORT: String(port),
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
