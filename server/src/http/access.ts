import { AGREEMENT_REQUIRED_CODE, AGREEMENT_REQUIRED_MESSAGE } from '@portal/shared/agreement';
import { ADMIN_MEMBERSHIPS, isAdminMembership, type MembershipId } from '@portal/shared/memberships';
import {
  PENDING_STAGE_CODES,
  PENDING_STAGE_MESSAGES,
  type TPendingStage,
} from '@portal/shared/second-factors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Actor, isPortalAdmin } from '../auth/actor.ts';
import { type SessionRow, touchSession } from '../auth/tokens.ts';
import { AppError, forbidden, unauthorized } from '../errors/app-error.ts';

/**
 * Who may call a route. Every route declares one; a route without it is refused at registration.
 * - 'public': anyone; a valid token still identifies the caller.
 * - 'signed-in': any active signed-in user.
 * - a list of memberships: signed-in users whose membership is in it.
 * - 'portal-admins': admins of the main portal only. What is the whole portal's (coupons, assets,
 *   templates, commission rates, the mail outbox, admin invitations, white-label domains) is not a
 *   white-label admin's to change (docs/decisions/023-white-label-domains.md).
 * Object-level rules (which patient, which HC) live in each domain's policy.
 */
export type RouteAccess = 'public' | 'signed-in' | 'portal-admins' | readonly MembershipId[];

export const ADMINS = ADMIN_MEMBERSHIPS;
export const PORTAL_ADMINS = 'portal-admins' as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Reachable before the private membership agreement is accepted (accepting it, logging out). */
    beforeAgreement?: boolean;
    /**
     * Also reachable by a session whose sign-in is not complete yet (docs/decisions/031): the second
     * factor's step, enrolment, logging out. Every other route refuses such a session with 403 and a
     * code; a public route treats it as a stranger.
     */
    signInStages?: readonly TPendingStage[];
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** `Token <token>`; the scheme word in any case (RFC 7235 §2.1), as the spec's "the word token". */
const TOKEN_HEADER = /^token\s+([A-Za-z0-9_-]{20,200})$/i;

/** The signed-in caller; routes that are not public can rely on it. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function registerAccessControl(
  app: FastifyInstance,
  options: {
    sessionTtlDays: number;
    sessionMaxAgeDays: number;
    /** The live session behind a raw token (cached: auth/session-cache.ts). */
    sessions: { find(rawToken: string): Promise<SessionRow | null> };
  },
): void {
  app.decorateRequest('actor', null);

  // Deny by default: a route that does not say who may call it never registers.
  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined) return; // 404 handler and docs
    const header = request.headers.authorization;
    if (header) {
      const match = TOKEN_HEADER.exec(header);
      const session = match ? await options.sessions.find(match[1]) : null;
      if (!session?.user.isActive) {
        if (access === 'public') return;
        throw new AppError(401, session ? 'This account is inactive.' : 'Invalid or expired token.');
      }
      await touchSession(app.db, session, {
        ttlDays: options.sessionTtlDays,
        maxAgeDays: options.sessionMaxAgeDays,
      });
      const user = session.user;
      request.actor = {
        id: user.id,
        membershipId: user.membershipId,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        isSuperuser: user.isSuperuser,
        isAdmin: isAdminMembership(user.membershipId),
        domainId: user.domainId,
        agreementAccepted: user.agreementAcceptedAt !== null,
        session: {
          tokenId: session.tokenId,
          kind: session.kind,
          parentTokenId: session.parentTokenId,
          actorUserId: session.actorUserId,
          stage: session.stage,
          established: session.established,
        },
      };
      const stage = session.stage;
      if (stage !== 'complete' && !request.routeOptions.config.signInStages?.includes(stage)) {
        // The password alone opens nothing but its next step.
        request.actor = null;
        if (access === 'public') return;
        throw new AppError(403, PENDING_STAGE_MESSAGES[stage], { code: PENDING_STAGE_CODES[stage] });
      }
    }
    if (access === 'public') return;
    const actor = requireActor(request);
    if (Array.isArray(access) && !access.includes(actor.membershipId as MembershipId)) throw forbidden();
    if (access === PORTAL_ADMINS && !isPortalAdmin(actor)) throw forbidden();
    const mustAcceptAgreement = !actor.isAdmin && !actor.agreementAccepted && actor.session.kind === 'login';
    if (mustAcceptAgreement && !request.routeOptions.config.beforeAgreement) {
      throw new AppError(403, AGREEMENT_REQUIRED_MESSAGE, { code: AGREEMENT_REQUIRED_CODE });
    }
  });
}
