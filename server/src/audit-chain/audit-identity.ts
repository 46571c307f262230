import { personOf, type SessionPerson } from '../auth/actor.ts';

declare const madeHere: unique symbol;

/**
 * Who an audit row is by: the person, the account they acted as (Login As, "Access to this HC"),
 * and the address. Only the constructors below make one (the brand keeps a plain object out, the
 * registry keeps out a cast), so no row names a person without the account acted as.
 */
export type AuditIdentity = {
  readonly actorUserId: number | null;
  readonly actingAsUserId: number | null;
  readonly ip: string;
  readonly [madeHere]: true;
};

const issued = new WeakSet<object>();

function identity(
  actorUserId: number | null,
  actingAsUserId: number | null,
  ip: string | null,
): AuditIdentity {
  const made = Object.freeze({ actorUserId, actingAsUserId, ip: ip ?? '' }) as AuditIdentity;
  issued.add(made);
  return made;
}

/** A signed-in caller: the person behind the session, and the account acted as when not their own. */
export function identityOf(actor: SessionPerson, context: { ip: string | null }): AuditIdentity {
  const person = personOf(actor);
  return identity(person, person === actor.id ? null : actor.id, context.ip);
}

/**
 * Someone without a session (a sign-in attempt, a public form, a signing link): the account they
 * are, once known (the one signing in or signing up); never acting as another.
 */
export function visitorIdentity(ip: string | null, userId: number | null = null): AuditIdentity {
  return identity(userId, null, ip);
}

/** The portal itself (jobs, maintenance): no person, no address. */
export const SYSTEM_IDENTITY: AuditIdentity = identity(null, null, null);

/** True for an identity made by the constructors above. */
export function isAuditIdentity(value: unknown): value is AuditIdentity {
  return typeof value === 'object' && value !== null && issued.has(value);
}
