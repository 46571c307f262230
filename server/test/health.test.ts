import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
