import type { TrustProxy } from '../config/env.ts';

type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. A hop count becomes a function trusting that many
 * hops from the socket: Fastify 5 reads a plain number as "trust nothing" (it cannot check the
 * nearest peer's address), and `true` would believe every entry, the client's own left-most one
 * included. With n hops, request.ip is the address the n-th proxy saw; this assumes the portal is
 * reachable only through those proxies (compose publishes Caddy's ports, not the portal's).
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyTrustProxy {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
