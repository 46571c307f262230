import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Db } from '../../db/client.ts';
import type { processingLabs } from '../../db/schema/accounts.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import type { AccountRow, PatientAccountRow } from './account-view.repository.ts';
import {
  findAccountSeenBy,
  findDomainOfAccount,
  findLabSeenBy,
  findPatientSeenBy,
  type Seen,
  salesScope,
} from './lookups.repository.ts';
import { SALES_KINDS, type SalesKind, type ScopeActor } from './roles.ts';
import { harvestCenterScope, referralCenterScope, type Scope, staffListScope } from './scopes.repository.ts';

/**
 * Looking up one account (or lab) for a caller: 404 when it does not exist as that kind, 403 when it
 * exists but is not the caller's to see. The row and its visibility come in one query
 * (lookups.repository.ts); the scopes decide what "the caller's" means (scopes.repository.ts).
 */
function seenOr404Or403<T>(found: Seen<T> | undefined, what: string): T {
  if (!found) throw notFound(`${what} not found.`);
  if (!found.visible) throw forbidden(`You do not have access to this ${what.toLowerCase()}.`);
  return found.row;
}

/** One account of the given memberships that `scope` (over users and the role tables) lets the caller see. */
export async function requireVisibleAccount(
  db: Db,
  id: number,
  membershipIds: readonly number[],
  scope: Scope,
  what: string,
  options: { forUpdate?: boolean } = {},
): Promise<AccountRow> {
  return seenOr404Or403(await findAccountSeenBy(db, id, membershipIds, scope, options), what);
}

/** A patient the caller may see (patientScope), as the patient screens read it. */
export async function requireVisiblePatient(
  db: Db,
  actor: ScopeActor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PatientAccountRow> {
  return seenOr404Or403(await findPatientSeenBy(db, actor, id, options), 'Patient');
}

export function requireVisibleHarvestCenter(db: Db, actor: ScopeActor, id: number): Promise<AccountRow> {
  return requireVisibleAccount(
    db,
    id,
    [MEMBERSHIP.harvestCenter],
    harvestCenterScope(actor),
    'Harvest center',
  );
}

export function requireVisibleReferralCenter(db: Db, actor: ScopeActor, id: number): Promise<AccountRow> {
  return requireVisibleAccount(
    db,
    id,
    [MEMBERSHIP.referralHarvestCenter],
    referralCenterScope(actor),
    'Referral harvest center',
  );
}

export function requireVisibleSalesPerson(
  db: Db,
  actor: ScopeActor,
  kind: SalesKind,
  id: number,
): Promise<AccountRow> {
  const { membership, label } = SALES_KINDS[kind];
  return requireVisibleAccount(db, id, [membership], salesScope(actor, kind), label);
}

/** An HC whose staff list the caller may read. */
export function requireHarvestCenterForStaffList(db: Db, actor: ScopeActor, id: number) {
  return requireVisibleAccount(db, id, [MEMBERSHIP.harvestCenter], staffListScope(actor), 'Harvest center');
}

/** A processing lab the caller may see: 404 unknown, 403 not theirs. */
export async function requireVisibleLab(
  db: Db,
  actor: ScopeActor,
  id: number,
): Promise<typeof processingLabs.$inferSelect> {
  return seenOr404Or403(await findLabSeenBy(db, actor, id), 'Processing lab');
}

/**
 * Whether an admin's reach covers an account, by its id: a white-label admin's only its own domain's
 * (docs/decisions/023). Always true for the main portal's admins, for no account, and for other
 * roles, whose own rules decide.
 */
export async function adminReaches(
  db: Db,
  actor: ScopeActor,
  accountId: number | null | undefined,
): Promise<boolean> {
  if (!actor.isAdmin || actor.domainId === null || accountId === null || accountId === undefined) return true;
  return (await findDomainOfAccount(db, accountId)) === actor.domainId;
}

/** The same as a refusal (403): an admin acting on an account outside its domain. */
export async function assertAdminReaches(
  db: Db,
  actor: ScopeActor,
  accountId: number | null | undefined,
): Promise<void> {
  if (!(await adminReaches(db, actor, accountId))) throw forbidden('This account is not in your domain.');
}
