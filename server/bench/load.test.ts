import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadError, measureRoute, startBareFastify } from './load.ts';

// A second of load each, plus start-up: more than the default 5 s when the machine is busy.
describe('measureRoute', { timeout: 30_000 }, () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('measures bare Fastify in its own process: req/s and latency percentiles', async () => {
    const bare = await startBareFastify();
    closers.push(() => bare.stop());
    expect(bare.pid).not.toBe(process.pid);
    const result = await measureRoute({ url: bare.url, seconds: 1, connections: 2 });
    expect(result.requests).toBeGreaterThan(50);
    expect(result.requestsPerSecond).toBeCloseTo(result.requests / result.seconds);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
  });

  it('fails the run when a route starts failing under load', async () => {
    // Answers the first request (the check before the load), then 503: only the load can catch it.
    const app = Fastify({ logger: false });
    let calls = 0;
    app.get('/', async (_request, reply) => (++calls === 1 ? { ok: true } : reply.status(503).send()));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    await expect(measureRoute({ url: `${address}/`, seconds: 1, connections: 2 })).rejects.toThrow(
      /non-2xx responses \(\d+ × 503\)/,
    );
  });

  it('names the status and body of a route that fails at once', async () => {
    const app = Fastify({ logger: false });
    app.get('/', async (_request, reply) => reply.status(401).send({ message: 'Invalid or expired token.' }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    const run = measureRoute({ url: `${address}/`, seconds: 1 });
    await expect(run).rejects.toThrow(LoadError);
    await expect(run).rejects.toThrow(/answered 401 before the load: .*Invalid or expired token/);
  });

  it('stops the bare process when asked', async () => {
    const bare = await startBareFastify();
    await bare.stop();
    await expect(fetch(bare.url)).rejects.toThrow();
  });
});
