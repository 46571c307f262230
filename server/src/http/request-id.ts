import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An id a proxy in front may already have given the request (Caddy, a load balancer). */
const UPSTREAM_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/**
 * Every request's id: the proxy's `X-Request-Id` when it is a plain token, a new UUID otherwise.
 * Fastify puts it on every log line of the request (`reqId`), so one request can be followed across
 * the JSON logs of the proxy and of whichever replica answered it.
 */
export function requestIdOf(request: IncomingMessage): string {
  const upstream = request.headers['x-request-id'];
  return typeof upstream === 'string' && UPSTREAM_ID.test(upstream) ? upstream : randomUUID();
}

/** Answers carry the id, so a user's report ("it failed at 10:02") can name the log lines. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
