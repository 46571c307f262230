import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../auth/actor.ts';

/** Where a request came from, for the audit log and new sessions. */
export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}
