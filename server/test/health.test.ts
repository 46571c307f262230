import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from '../src/storage/testing/local-s3.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** GET /api/health/: 'starting' (503) while start-up work runs, 'ok' once it has ended, failed or not. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

describe('GET /api/health/', () => {
  it('answers 503 while start-up work runs, naming it, and 200 when it ends', async () => {
    expect((await t.app.inject({ url: '/api/health/' })).json()).toEqual({ status: 'ok', pending: [] });
    const seed = deferred();
    t.app.startupWork.track('demo documents', () => seed.promise);
    const starting = await t.app.inject({ url: '/api/health/' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting', pending: ['demo documents'] });
    seed.finish();
    await seed.promise;
    await new Promise((resolve) => setImmediate(resolve));
    const ready = await t.app.inject({ url: '/api/health/' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', pending: [] });
  });

  it('is ready again after failed start-up work (logged, not thrown)', async () => {
    const seed = deferred();
    t.app.startupWork.track('failing work', () => seed.promise);
    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(503);
    seed.fail(new Error('storage unreachable'));
    await seed.promise.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
  });
});

describe('probes for the orchestrator', () => {
  it('/healthz answers while the process runs; /readyz names each dependency', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/readyz is 503 and says why when the file storage cannot be reached', async () => {
    const s3 = await startLocalS3();
    const unreachable = await buildTestApp({ env: { ...s3.env } });
    try {
      await s3.close();
      const ready = await unreachable.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      const body = ready.json();
      expect(body.status).toBe('unavailable');
      expect(body.checks.database).toBe('ok');
      expect(body.checks.storage).not.toBe('ok');
    } finally {
      await unreachable.close();
    }
  });

  it('every answer carries its request id: the proxy’s when it gave a plain one, a new one otherwise', async () => {
    const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'caddy-1234abcd' } });
    expect(given.headers['x-request-id']).toBe('caddy-1234abcd');
    const odd = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'no good\u0001' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ url: '/api/v1/session/' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
