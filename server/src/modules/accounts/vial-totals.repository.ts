import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patientAccounts } from '../../db/schema/account-links.ts';
import type { ScopeActor } from './roles.ts';
import { patientScope } from './scopes.repository.ts';

/**
 * A patient's vial totals, kept on its patient_accounts row (moved by adjustVialTotals in
 * account-writes.repository.ts): what the vials module reads before and after a movement.
 */
const totalColumns = {
  vialsAvailable: patientAccounts.vialsAvailable,
  vialsShipped: patientAccounts.vialsShipped,
  vialsPreparation: patientAccounts.vialsPreparation,
};

export async function findVialTotals(db: Db, patientId: number) {
  const [row] = await db
    .select(totalColumns)
    .from(patientAccounts)
    .where(eq(patientAccounts.userId, patientId))
    .limit(1);
  return row;
}

/** A patient's totals and whether the caller's patient scope lets it see them, in one query. */
export async function findVialTotalsVisibleTo(db: Db, actor: ScopeActor, patientId: number) {
  const [row] = await db
    .select({ ...totalColumns, visible: sql<boolean>`(${patientScope(actor)})` })
    .from(patientAccounts)
    .where(eq(patientAccounts.userId, patientId))
    .limit(1);
  return row && { ...row, visible: row.visible === true };
}
