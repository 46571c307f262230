import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';

/*
 * Findings 4 and 8 against the running portal: `npm run start:prod` (scripts/start-prod.ts, also the
 * Docker image's command) is production, so a missing PAYMENT_GATEWAY stops it before it takes a
 * card, and a first start on the embedded database seeds no demo super admin unless told to.
 */

const START_PROD = path.resolve(import.meta.dirname, '../../scripts/start-prod.ts');

let webDir: string;
beforeAll(() => {
  // start-prod.ts serves a web app built beforehand; any index.html will do here.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><body></body></html>');
});
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

/** start:prod as an operator runs it: no NODE_ENV, no SEED_DEMO, the embedded database. */
const startProd = (env: Record<string, string | undefined>) =>
  startServerProcess(
    { NODE_ENV: undefined, SEED_DEMO: undefined, DATABASE_URL: undefined, WEB_DIST_DIR: webDir, ...env },
    { script: START_PROD },
  );

describe('npm run start:prod', () => {
  it('refuses to start without PAYMENT_GATEWAY, and says which values it takes', async () => {
    const refused = await startProd({ PAYMENT_GATEWAY: undefined }).then(
      (server) => server.stop().then(() => 'started'),
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/server exited with 1/);
    expect(refused).toMatch(/PAYMENT_GATEWAY.*authorizenet.*sandbox/s);
  });

  describe('with the sandbox named', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startProd({ PAYMENT_GATEWAY: 'sandbox' });
    }, 90_000);
    afterAll(() => server?.stop());

    it('seeds no demo accounts on a fresh embedded database', async () => {
      const login = await fetch(`${server.url}/api/admin/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
      });
      expect(login.status).toBe(400);
      expect(server.logs.some((line) => String(line.msg).includes('seeded demo data'))).toBe(false);
    });

    it('says every payment is a test', async () => {
      const mode = await fetch(`${server.url}/api/payment-mode/`);
      expect(await mode.json()).toEqual({ test_payments: true });
    });
  });
});
