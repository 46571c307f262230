// HTTP load against a listening server: autocannon with its client in a worker thread, so that a
// server in this same process keeps its event loop to itself (a client on the main thread would take
// turns with the server and halve what both can do).
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';

export type LoadOptions = {
  url: string;
  headers?: Record<string, string>;
  /** Concurrent keep-alive connections (the figures use 10). */
  connections?: number;
  seconds: number;
  /** Load before the measured window, discarded: JIT, connection pools and caches settle. */
  warmupSeconds?: number;
};

export type LoadResult = {
  /** Completed responses divided by the measured window. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  seconds: number;
};

export class LoadError extends Error {}

/** One request first, so a route that fails at once is reported with its status and body. */
async function checkOnce(url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { headers });
  if (response.ok) {
    await response.arrayBuffer();
    return;
  }
  const body = (await response.text()).slice(0, 300);
  throw new LoadError(`GET ${url} answered ${response.status} before the load: ${body}`);
}

async function fire(options: LoadOptions, seconds: number): Promise<autocannon.Result> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections ?? 10,
    duration: seconds,
    workers: 1,
  });
  // Any failed request fails the run: a fast error page must never pass for a fast route.
  if (result.non2xx > 0 || result.errors > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${count} × ${status}`)
      .join(', ');
    throw new LoadError(
      `GET ${options.url}: ${result.non2xx} non-2xx responses (${statuses || 'none'}) and ` +
        `${result.errors} connection errors (${result.timeouts} timeouts) under load`,
    );
  }
  if (result.requests.total === 0) throw new LoadError(`GET ${options.url}: no response within ${seconds} s`);
  return result;
}

export async function measureRoute(options: LoadOptions): Promise<LoadResult> {
  const headers = options.headers ?? {};
  await checkOnce(options.url, headers);
  if (options.warmupSeconds) await fire(options, options.warmupSeconds);
  const result = await fire(options, options.seconds);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    seconds: result.duration,
  };
}

/** The floor every route is compared with: Fastify with one trivial JSON route and nothing else. */
export async function startBareApp(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `${address}/` };
}
