// HTTP load against a server in another process: autocannon, in the process that calls it. The
// servers measured (the portal, bare Fastify) each run in a process of their own, as in production:
// a server sharing its process with the load generator, or with another server, gets a share of a
// core instead of one, and the ratios between them would say nothing.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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

export type BareFastify = { url: string; pid: number; stop(): Promise<void> };

/**
 * The floor every route is compared with: bare-fastify.ts (one trivial JSON route) in its own Node
 * process, the same Node as this one.
 */
export async function startBareFastify(): Promise<BareFastify> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-fastify.ts', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const lines = createInterface({ input: child.stdout });
  try {
    const address = await new Promise<string>((resolve, reject) => {
      lines.once('line', (line) => resolve(line.trim()));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`bare-fastify.ts exited (${code}) before listening`)));
    });
    return { url: `${address}/`, pid: child.pid as number, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    lines.close();
    child.stdout.resume();
  }
}
