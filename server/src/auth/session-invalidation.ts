import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { type ChannelListener, listenOnChannel } from '../db/notifications.ts';

/**
 * The one channel on which the database announces session changes: `user:<id>` when a user row
 * changes, `token:<id>` when a live session is revoked, shortened or deleted. Triggers of
 * migration 0002 send them, so every writer is covered (any process, the CLI, plain SQL).
 * `sync:<nonce>` is this module's own barrier.
 */
export const SESSION_CHANNEL = 'portal_sessions';

/** What the cache must offer; session-cache.ts does. */
export type InvalidatableSessions = {
  invalidateToken(tokenId: number): void;
  invalidateUser(userId: number): void;
  clear(): void;
  setEnabled(enabled: boolean): void;
};

const SYNC_TIMEOUT_MS = 2_000;

/**
 * Keeps a session cache in step with the database. Notifications reach every process, this one
 * included, but on PostgreSQL they arrive a moment after the commit that caused them; `sync()`
 * waits until every change committed before it has been applied here: NOTIFY delivers messages
 * in commit order, so once our own marker comes back, everything before it has arrived.
 */
export class SessionInvalidation {
  readonly #sessions: InvalidatableSessions;
  readonly #log: FastifyBaseLogger;
  readonly #waiting = new Map<string, () => void>();
  readonly #instance = randomUUID();
  #sequence = 0;
  #listener: ChannelListener | undefined;

  private constructor(sessions: InvalidatableSessions, log: FastifyBaseLogger) {
    this.#sessions = sessions;
    this.#log = log;
  }

  static async start(
    database: Database,
    sessions: InvalidatableSessions,
    log: FastifyBaseLogger,
  ): Promise<SessionInvalidation> {
    const invalidation = new SessionInvalidation(sessions, log);
    // Until we listen, nothing may be served from memory.
    sessions.setEnabled(false);
    invalidation.#listener = await listenOnChannel(database, SESSION_CHANNEL, {
      onMessage: (payload) => invalidation.#apply(payload),
      onListening: () => {
        // Whatever changed while not listening is unknown: start empty.
        sessions.clear();
        sessions.setEnabled(true);
      },
      onLost: (error) => {
        sessions.setEnabled(false);
        log.warn({ err: error }, 'session invalidation: not listening; sessions are read from the database');
      },
    });
    return invalidation;
  }

  get listening(): boolean {
    return this.#listener?.listening ?? false;
  }

  /** Resolves once every session change committed before the call has reached this process's cache. */
  async sync(): Promise<void> {
    const listener = this.#listener;
    if (!listener?.listening) return; // the cache is off: nothing stale to wait for
    const nonce = `${this.#instance}.${++this.#sequence}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.#waiting.set(nonce, () => resolve(true));
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
    });
    try {
      await listener.notify(`sync:${nonce}`);
      if (!(await arrived)) throw new Error(`no echo within ${SYNC_TIMEOUT_MS} ms`);
    } catch (error) {
      // Cannot tell what was missed: forget everything rather than serve a revoked session.
      this.#sessions.clear();
      this.#log.warn({ err: error }, 'session invalidation: sync failed; cache cleared');
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(nonce);
    }
  }

  async close(): Promise<void> {
    await this.#listener?.close();
  }

  #apply(payload: string): void {
    const separator = payload.indexOf(':');
    const kind = payload.slice(0, separator);
    const value = payload.slice(separator + 1);
    const id = Number(value);
    if (kind === 'sync') this.#waiting.get(value)?.();
    else if (kind === 'user' && Number.isSafeInteger(id)) this.#sessions.invalidateUser(id);
    else if (kind === 'token' && Number.isSafeInteger(id)) this.#sessions.invalidateToken(id);
    else this.#sessions.clear(); // an announcement we do not understand: be safe
  }
}

/** Per request: did it change sessions in a way the next request must see? */
const requestScope = new AsyncLocalStorage<{ sessionsChanged: boolean }>();

/**
 * Called by code that revokes sessions (tokens.ts, users.repository.ts): the request doing it
 * answers only after this process's cache has caught up, whatever its HTTP method (the spec
 * deactivates users with a GET).
 */
export function noteSessionsChanged(): void {
  const scope = requestScope.getStore();
  if (scope) scope.sessionsChanged = true;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A signed-in request that may have changed something (any unsafe method) or that revoked
 * sessions answers after `sync()`, so the caller's next request, on this process, sees the
 * change: a logout, a new membership, an accepted agreement. Other processes get it by NOTIFY.
 */
export function registerSessionSync(app: FastifyInstance, invalidation: SessionInvalidation): void {
  const scopes = new WeakMap<FastifyRequest, { sessionsChanged: boolean }>();
  // preHandler, not onRequest: the scope must survive reading the body.
  app.addHook('preHandler', (request, _reply, done) => {
    const scope = { sessionsChanged: false };
    scopes.set(request, scope);
    requestScope.run(scope, done);
  });
  app.addHook('onSend', async (request) => {
    const changed = scopes.get(request)?.sessionsChanged ?? false;
    if (changed || (request.actor && !SAFE_METHODS.has(request.method))) await invalidation.sync();
  });
}
