import type { TSessionEstablished, TSignInStage } from '@portal/shared/second-factors';
import type { SessionKind } from './tokens.ts';

/** An admin of the main portal (no white-label domain). */
export function isPortalAdmin(actor: { isAdmin: boolean; domainId: number | null }): boolean {
  return actor.isAdmin && actor.domainId === null;
}

/**
 * The signed-in caller: identity and membership, no more. What the caller is linked to (its lab,
 * its rep, its team) is read by the accounts scopes in SQL, so a session never carries a stale link.
 */
export type Actor = {
  id: number;
  membershipId: number;
  email: string;
  firstName: string;
  lastName: string;
  isSuperuser: boolean;
  isAdmin: boolean;
  /** The white-label domain of the account; null for the main portal. */
  domainId: number | null;
  agreementAccepted: boolean;
  session: {
    tokenId: number;
    kind: SessionKind;
    parentTokenId: number | null;
    actorUserId: number | null;
    /** 'complete' on every route but the sign-in steps (docs/decisions/031). */
    stage: TSignInStage;
    established: TSessionEstablished;
  };
};

/** Where a request came from, for the audit log and new sessions. */
export type RequestContext = { ip: string; userAgent: string };

/** A session as far as who is behind it: the account signed into, and the person who opened it. */
export type SessionPerson = { id: number; session: { actorUserId: number | null } };

/**
 * The person behind a session: the admin in "Login As", the staff member in "Access to this HC",
 * otherwise the account itself. Authorship (created by, decided by) names this person.
 */
export function personOf(actor: SessionPerson): number {
  return actor.session.actorUserId ?? actor.id;
}
