import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { salesAccounts } from '../../db/schema/account-links.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import {
  type AccountRow,
  accountColumns,
  joinPatientAccount,
  type PatientAccountRow,
  patientAccountColumns,
  selectAccounts,
} from './account-view.repository.ts';
import type { SalesKind, ScopeActor } from './roles.ts';
import {
  patientScope,
  processingLabScope,
  type Scope,
  salesDistributorScope,
  salesManagerScope,
  salesRepScope,
} from './scopes.repository.ts';

/**
 * The reads behind lookups.ts: a row and, in the same query, whether the caller's scope covers it,
 * so that lookups.ts can tell "does not exist" (404) from "not yours" (403) in one round trip.
 */

export type Seen<T> = { row: T; visible: boolean };

/** One account of the given memberships, and whether `scope` (over users and the role tables) covers it. */
export async function findAccountSeenBy(
  db: Db,
  id: number,
  membershipIds: readonly number[],
  scope: Scope,
  options: { forUpdate?: boolean } = {},
): Promise<Seen<AccountRow> | undefined> {
  const query = selectAccounts(db, { ...accountColumns, visible: sql<boolean>`(${scope})` })
    .where(and(eq(users.id, id), inArray(users.membershipId, [...membershipIds])))
    .limit(1);
  const [found] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  if (!found) return undefined;
  const { visible, ...row } = found;
  return { row: row as AccountRow, visible: visible === true };
}

/** A patient as the patient screens read it, and whether the caller's patient scope covers it. */
export async function findPatientSeenBy(
  db: Db,
  actor: ScopeActor,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<Seen<PatientAccountRow> | undefined> {
  const query = joinPatientAccount(
    db
      .select({ ...patientAccountColumns, visible: sql<boolean>`(${patientScope(actor)})` })
      .from(users)
      .$dynamic(),
  )
    .where(and(eq(users.id, id), eq(users.membershipId, MEMBERSHIP.patient)))
    .limit(1);
  const [found] = options.forUpdate ? await query.for('update', { of: users }) : await query;
  if (!found) return undefined;
  const { visible, ...row } = found;
  return { row: row as PatientAccountRow, visible: visible === true };
}

/** A processing lab, and whether the caller's lab scope covers it. */
export async function findLabSeenBy(
  db: Db,
  actor: ScopeActor,
  id: number,
): Promise<Seen<typeof processingLabs.$inferSelect> | undefined> {
  const [found] = await db
    .select({ lab: processingLabs, visible: sql<boolean>`(${processingLabScope(actor, processingLabs)})` })
    .from(processingLabs)
    .where(eq(processingLabs.id, id))
    .limit(1);
  return found && { row: found.lab, visible: found.visible === true };
}

/** Which sales people of a kind the caller sees, over `users` and `sales_accounts`. */
export function salesScope(actor: ScopeActor, kind: SalesKind): Scope {
  switch (kind) {
    case 'rep':
      return salesRepScope(actor, { id: users.id });
    case 'manager':
      return salesManagerScope(actor, { id: users.id, salesDistributorId: salesAccounts.salesDistributorId });
    case 'distributor':
      return salesDistributorScope(actor, { id: users.id });
  }
}

export async function findProcessingLab(db: Db, id: number) {
  const [row] = await db.select().from(processingLabs).where(eq(processingLabs.id, id)).limit(1);
  return row;
}

/** The white-label domain of an account: null for the main portal's, undefined for no such account. */
export async function findDomainOfAccount(db: Db, accountId: number): Promise<number | null | undefined> {
  const [row] = await db
    .select({ domainId: users.domainId })
    .from(users)
    .where(eq(users.id, accountId))
    .limit(1);
  return row?.domainId;
}
