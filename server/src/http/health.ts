import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isApiPath } from './api-paths.ts';

/**
 * Work a process still does after it answers (the demo documents: seconds of PDF sealing that
 * would otherwise hold back the first answer). Its failures are logged, not thrown.
 */
export class StartupWork {
  private readonly running = new Set<string>();
  private readonly log: FastifyInstance['log'];

  constructor(log: FastifyInstance['log']) {
    this.log = log;
  }

  track(name: string, work: () => Promise<void>): void {
    this.running.add(name);
    void work()
      .catch((error) => this.log.error({ err: error }, `${name} failed`))
      .finally(() => this.running.delete(name));
  }

  get pending(): string[] {
    return [...this.running];
  }
}

/** Routes that read none of the data: answered while the demo accounts are still being written. */
const ANSWERED_WHILE_SEEDING = new Set(['/api/health/', '/healthz', '/readyz', '/auth/build-version/']);

/**
 * Until `dataReady` settles, API requests wait for it; the web app's files, the health routes and the
 * build version answer at once. `npm start` listens while it writes the demo accounts (one
 * transaction, ~1 s of a first start, issue 42): a request never sees them half-written, on PGlite or
 * PostgreSQL, and one made meanwhile is answered when they are whole instead of being refused.
 */
export function holdApiRequestsUntil(app: FastifyInstance, dataReady: Promise<unknown>): void {
  let settled = false;
  const ready = dataReady.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  app.addHook('onRequest', async (request) => {
    if (settled || !isApiPath(request.url)) return;
    if (ANSWERED_WHILE_SEEDING.has(request.routeOptions.url ?? '')) return;
    await ready;
  });
}

const ZHealth = z.object({ status: z.enum(['ok', 'starting']), pending: z.array(z.string()) });

/**
 * GET /api/health/: 200 when the process is ready for users, 503 while start-up work runs. For load
 * balancers, and for the browser tests, which start once the demo data is whole.
 */
export function registerHealth(app: FastifyInstance, startup: StartupWork): void {
  app.get(
    '/api/health/',
    {
      config: { access: 'public' },
      schema: { tags: ['utilities'], response: { 200: ZHealth, 503: ZHealth } },
    },
    async (_request, reply) => {
      const pending = startup.pending;
      return reply
        .status(pending.length ? 503 : 200)
        .send({ status: pending.length ? 'starting' : 'ok', pending });
    },
  );
}

const ZProbe = z.object({ status: z.enum(['ok', 'unavailable']) });
const ZReadiness = ZProbe.extend({
  checks: z.object({ database: z.string(), storage: z.string() }),
});

/** A dependency's check: 'ok', or why not (the message only: no stack, no connection string). */
async function check(probe: () => Promise<unknown>, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return String((error as Error).message ?? error).slice(0, 200);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The orchestrator's probes (compose, Kubernetes): `/healthz` is 200 while the process runs;
 * `/readyz` is 200 only when the database answers and the file storage is reachable, so a replica
 * that lost either is taken out of the load balancer instead of answering 500s.
 */
export function registerProbes(
  app: FastifyInstance,
  dependencies: { pingDatabase: () => Promise<unknown>; pingStorage: () => Promise<unknown> },
): void {
  const quiet = { config: { access: 'public' as const }, logLevel: 'warn' as const };
  app.get('/healthz', { ...quiet, schema: { tags: ['utilities'], response: { 200: ZProbe } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { ...quiet, schema: { tags: ['utilities'], response: { 200: ZReadiness, 503: ZReadiness } } },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        check(dependencies.pingDatabase, 2000),
        check(dependencies.pingStorage, 2000),
      ]);
      const ok = database === 'ok' && storage === 'ok';
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ok ? 'ok' : 'unavailable', checks: { database, storage } });
    },
  );
}
