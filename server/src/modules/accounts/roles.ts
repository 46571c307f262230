import {
  ADMIN_MEMBERSHIPS,
  LAB_MEMBERSHIPS,
  MEMBERSHIP,
  type MembershipId,
} from '@portal/shared/memberships';

/** Who is calling, as the scopes need it: identity and membership only (links are read in SQL). */
export type ScopeActor = { id: number; membershipId: number; isAdmin: boolean; domainId: number | null };

/**
 * The caller as the scopes read it, and nothing more: a query built once per scope (preparedQuery)
 * keys its build by this, so the key holds everything the scope could depend on.
 */
export function scopeActorOf(actor: ScopeActor): ScopeActor {
  return { id: actor.id, membershipId: actor.membershipId, isAdmin: actor.isAdmin, domainId: actor.domainId };
}

/** A sales team by its head: a rep alone, a manager's reps, a distributor's managers' reps. */
export type TeamHead = { kind: 'rep' | 'manager' | 'distributor'; id: number };

export const SALES_MEMBERSHIPS: readonly MembershipId[] = [
  MEMBERSHIP.salesRep,
  MEMBERSHIP.salesManager,
  MEMBERSHIP.salesDistributor,
];
export const SALES_AND_ADMINS: readonly MembershipId[] = [...ADMIN_MEMBERSHIPS, ...SALES_MEMBERSHIPS];
/** Who writes vials and reads lab accounts: admins and lab accounts (1 Lab, 11 Lab Access). */
export const LAB_AND_ADMINS: readonly MembershipId[] = [...ADMIN_MEMBERSHIPS, ...LAB_MEMBERSHIPS];

/** A lab account (1 Lab, 11 Lab Access) belongs to one processing lab (lab_accounts). */
export function isLabAccount(actor: { membershipId: number }): boolean {
  return (LAB_MEMBERSHIPS as readonly number[]).includes(actor.membershipId);
}

export function teamHeadOf(actor: { id: number; membershipId: number }): TeamHead | null {
  switch (actor.membershipId) {
    case MEMBERSHIP.salesRep:
      return { kind: 'rep', id: actor.id };
    case MEMBERSHIP.salesManager:
      return { kind: 'manager', id: actor.id };
    case MEMBERSHIP.salesDistributor:
      return { kind: 'distributor', id: actor.id };
    default:
      return null;
  }
}

/** Patient lists (and the centers around them) are for every role but the patient. */
export const PATIENT_LIST_MEMBERSHIPS: readonly MembershipId[] = (
  Object.values(MEMBERSHIP) as MembershipId[]
).filter((m) => m !== MEMBERSHIP.patient);

/**
 * Who writes vial records (docs/decisions/005-vial-writes.md): admins, and lab accounts for the
 * patients of their lab (the patient must also be inside the caller's patient scope).
 */
export function isVialWriter(actor: { isAdmin: boolean; membershipId: number }): boolean {
  return actor.isAdmin || isLabAccount(actor);
}

/** Team patient lists: a manager's team (managers, distributors, admins) and a distributor's. */
export const MANAGERS_DISTRIBUTORS_AND_ADMINS: readonly MembershipId[] = [
  ...ADMIN_MEMBERSHIPS,
  MEMBERSHIP.salesManager,
  MEMBERSHIP.salesDistributor,
];
export const DISTRIBUTORS_AND_ADMINS: readonly MembershipId[] = [
  ...ADMIN_MEMBERSHIPS,
  MEMBERSHIP.salesDistributor,
];

/**
 * Whether the caller's domain covers an account (the JS side of scopes.repository.ts's inAdminReach): always
 * for the main portal's accounts (no domain), else only an account of the same domain.
 */
export function isInCallersDomain(
  actor: { domainId: number | null },
  account: { domainId: number | null },
): boolean {
  return actor.domainId === null || actor.domainId === account.domainId;
}

export type SalesKind = 'rep' | 'manager' | 'distributor';

export const SALES_KINDS: Record<SalesKind, { membership: number; label: string }> = {
  rep: { membership: MEMBERSHIP.salesRep, label: 'Sales rep' },
  manager: { membership: MEMBERSHIP.salesManager, label: 'Sales manager' },
  distributor: { membership: MEMBERSHIP.salesDistributor, label: 'Sales distributor' },
};
