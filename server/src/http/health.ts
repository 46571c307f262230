import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

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
