import type { FastifyRequest } from 'fastify';

/** Where a request came from, for the audit log and new sessions. */
export type RequestContext = { ip: string; userAgent: string };

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}
