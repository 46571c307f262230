import type { FastifyRequest } from 'fastify';

/** Who the browser's passkeys are for: the RP id (a host name) and the one origin accepted. */
export type RelyingParty = { id: string; origin: string; name: string };

/**
 * The relying party of a request, never taken from an arbitrary Host header: the main portal's is
 * PUBLIC_URL's, a white-label domain's is its own host over https (request.tenant is set only for
 * hosts the admins registered). A passkey is made for one of them and works only there.
 */
export function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const tenant = request.tenant;
  if (tenant) return { id: tenant.host, origin: `https://${tenant.host}`, name: tenant.name || tenant.host };
  const url = new URL(request.server.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Portal' };
}
