import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/sign-up.ts';
import { AppError } from '../errors/app-error.ts';
import { requireActor } from './access.ts';

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store in the database (table rate_limit_hits), so that every process of
 * the portal counts the same requests. One upsert per request: the row lock of ON CONFLICT makes
 * concurrent requests count one after the other; a window that has ended starts again at 1.
 */
function postgresStore(db: Db) {
  return class PostgresRateLimitStore {
    readonly prefix: string;
    readonly windowMs: number;
    constructor(options: { timeWindow?: number; prefix?: string }) {
      this.windowMs = options.timeWindow ?? 60_000;
      this.prefix = options.prefix ?? '';
    }

    incr(key: string, callback: Incr, timeWindow?: number) {
      const windowMs = timeWindow ?? this.windowMs;
      const resetAt = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const ended = sql`${rateLimitHits.resetAt} <= now()`;
      db.insert(rateLimitHits)
        .values({ key: `${this.prefix}${key}`, hits: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitHits.hits} + 1 END`,
            resetAt: sql`CASE WHEN ${ended} THEN ${resetAt} ELSE ${rateLimitHits.resetAt} END`,
          },
        })
        .returning({
          hits: rateLimitHits.hits,
          ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.resetAt} - now()) * 1000))::int`,
        })
        .then(([row]) => callback(null, { current: row.hits, ttl: row.ttl }), callback);
    }

    /**
     * Each limited route counts on its own: its counters are keyed by method and URL pattern. The
     * plugin passes the route's merged limit options with the route itself at `routeInfo`, not the
     * route options its types declare (reading `method` and `url` from them once keyed every
     * route "undefined undefined", so ten resends of a confirmation used up the sign-ups of an
     * address).
     */
    child(declared: object) {
      const routeOptions = declared as {
        timeWindow?: unknown;
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const timeWindow =
        typeof routeOptions.timeWindow === 'number' ? routeOptions.timeWindow : this.windowMs;
      const { method, url } = routeOptions.routeInfo ?? {};
      if (method === undefined || url === undefined) {
        throw new Error('A rate limit needs its route (config.rateLimit on a route), not a shared limiter.');
      }
      return new PostgresRateLimitStore({ timeWindow, prefix: `${[method].flat().join(',')} ${url} ` });
    }
  };
}

/**
 * Takes back the hit this request counted on its route's limit (keyed as the store above and the
 * plugin's default key, the client address): for a limit that counts what succeeded, such as the
 * accounts a public sign-up made, and not the attempts refused on the way (issue 42).
 */
export async function giveBackRateLimitHit(db: Db, request: FastifyRequest): Promise<void> {
  const key = `${request.method} ${request.routeOptions.url} ${request.ip}`;
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(sql`${rateLimitHits.key} = ${key} and ${rateLimitHits.resetAt} > now()`);
}

/**
 * @fastify/rate-limit on the routes that ask for it (`config.rateLimit`), counted per client address
 * in the database. It runs before the handler (after access control), and answers in the API's
 * error shape.
 */
export async function registerRateLimits(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: postgresStore(db),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests. Please try again in ${context.after}.`),
  });
}

/**
 * A route's `config.rateLimit` counted per signed-in account instead of per address (the gate has
 * signed the caller in before the limit runs): what one account may try, from however many addresses.
 */
export function perAccountRateLimit(max: number, timeWindowMs: number, message: string) {
  return {
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `account ${requireActor(request).id}`,
    errorResponseBuilder: () => new AppError(429, message),
  };
}
