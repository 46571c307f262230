import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centerAccounts, salesAccounts } from '../../db/schema/account-links.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';
import {
  type AccountRow,
  accountColumns,
  joinPatientAccount,
  type PatientAccountRow,
  patientAccountColumns,
  selectAccounts,
} from './account-view.ts';
import type { ScopeActor } from './roles.ts';
import {
  harvestCenterScope,
  patientScope,
  processingLabScope,
  referralCenterScope,
  salesDistributorScope,
  salesManagerScope,
  salesRepScope,
  staffListScope,
} from './scopes.ts';

/**
 * Loads one account of the given memberships and tells, in the same query, whether `scope` (a
 * condition over users and the role tables) lets the caller see it: 404 when it does not exist
 * as that kind, 403 when it exists but is not the caller's to see.
 */
export async function requireVisibleAccount(
  db: Db,
  id: number,
  membershipIds: readonly number[],
  scope: SQL,
  what: string,
  options: { forUpdate?: boolean } = {},
): Promise<AccountRow> {
  const query = selectAccounts(db, { ...accountColumns, visible: sql<boolean>`(${scope})` })
    .where(and(eq(users.id, id), inArray(users.membershipId, [...membershipIds])))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  if (!row) throw notFound(`${what} not found.`);
  if (row.visible !== true) throw forbidden(`You do not have access to this ${what.toLowerCase()}.`);
  const { visible: _visible, ...account } = row;
  return account as AccountRow;
}

/** A patient the caller may see (patientScope), as the patient screens read it. */
export async function requireVisiblePatient(
  db: Db,
  actor: ScopeActor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<PatientAccountRow> {
  const query = joinPatientAccount(
    db
      .select({ ...patientAccountColumns, visible: sql<boolean>`(${patientScope(actor)})` })
      .from(users)
      .$dynamic(),
  )
    .where(and(eq(users.id, id), eq(users.membershipId, MEMBERSHIP.patient)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  if (!row) throw notFound('Patient not found.');
  if (row.visible !== true) throw forbidden('You do not have access to this patient.');
  const { visible: _visible, ...patient } = row;
  return patient as PatientAccountRow;
}

export function requireVisibleHarvestCenter(db: Db, actor: ScopeActor, id: number): Promise<AccountRow> {
  return requireVisibleAccount(
    db,
    id,
    [MEMBERSHIP.harvestCenter],
    harvestCenterScope(actor, centerAccounts),
    'Harvest center',
  );
}

export function requireVisibleReferralCenter(db: Db, actor: ScopeActor, id: number): Promise<AccountRow> {
  return requireVisibleAccount(
    db,
    id,
    [MEMBERSHIP.referralHarvestCenter],
    referralCenterScope(actor, centerAccounts),
    'Referral harvest center',
  );
}

export type SalesKind = 'rep' | 'manager' | 'distributor';

export const SALES_KINDS: Record<SalesKind, { membership: number; label: string }> = {
  rep: { membership: MEMBERSHIP.salesRep, label: 'Sales rep' },
  manager: { membership: MEMBERSHIP.salesManager, label: 'Sales manager' },
  distributor: { membership: MEMBERSHIP.salesDistributor, label: 'Sales distributor' },
};

/** Which sales people of a kind the caller sees, over `users` and `sales_accounts`. */
export function salesScope(actor: ScopeActor, kind: SalesKind): SQL {
  switch (kind) {
    case 'rep':
      return salesRepScope(actor, { id: users.id });
    case 'manager':
      return salesManagerScope(actor, { id: users.id, salesDistributorId: salesAccounts.salesDistributorId });
    case 'distributor':
      return salesDistributorScope(actor, { id: users.id });
  }
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
  return requireVisibleAccount(
    db,
    id,
    [MEMBERSHIP.harvestCenter],
    staffListScope(actor, { id: users.id }),
    'Harvest center',
  );
}

/** A processing lab the caller may see: 404 unknown, 403 not theirs. */
export async function requireVisibleLab(
  db: Db,
  actor: ScopeActor,
  id: number,
): Promise<typeof processingLabs.$inferSelect> {
  const [row] = await db
    .select({ lab: processingLabs, visible: sql<boolean>`(${processingLabScope(actor, processingLabs)})` })
    .from(processingLabs)
    .where(eq(processingLabs.id, id))
    .limit(1);
  if (!row) throw notFound('Processing lab not found.');
  if (row.visible !== true) throw forbidden('You do not have access to this processing lab.');
  return row.lab;
}

export async function findProcessingLab(db: Db, id: number) {
  const [row] = await db.select().from(processingLabs).where(eq(processingLabs.id, id)).limit(1);
  return row;
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
  const [row] = await db
    .select({ domainId: users.domainId })
    .from(users)
    .where(eq(users.id, accountId))
    .limit(1);
  return row?.domainId === actor.domainId;
}

/** The same as a refusal (403): an admin acting on an account outside its domain. */
export async function assertAdminReaches(
  db: Db,
  actor: ScopeActor,
  accountId: number | null | undefined,
): Promise<void> {
  if (!(await adminReaches(db, actor, accountId))) throw forbidden('This account is not in your domain.');
}
