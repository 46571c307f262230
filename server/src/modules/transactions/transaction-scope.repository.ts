import { MEMBERSHIP } from '@portal/shared/memberships';
import { eq, or, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { isHarvestCenterOfStaff } from '../accounts/center-links.repository.ts';
import { inAdminReach } from '../accounts/scopes.repository.ts';
import { EVERY_ROW, type ReportWhere } from './transaction-counts.repository.ts';

/**
 * Which transactions a caller sees, as a WHERE; every row for admins, null for none.
 *
 * The sales roles see by the team written on each transaction when it was sold (rep, manager and
 * distributor are copied at checkout from the accounts core's links): a rep's past sales stay in
 * the team that earned them when the rep later moves, and a manager never sees another manager's
 * team, past or present (docs/decisions/020-transaction-reports-and-commissions.md). The parties
 * of a sale (buyer, its HC or RHC, its patient, the HC's staff) see it as well.
 */
export function transactionScope(actor: Actor): ReportWhere | null {
  const t = transactions;
  const only = (condition: SQL | undefined): ReportWhere => ({ equalities: [], others: [condition as SQL] });
  // A white-label admin: the sales its domain's accounts paid for (docs/decisions/023).
  if (actor.isAdmin) return actor.domainId === null ? EVERY_ROW : only(inAdminReach(actor, t.buyerUserId));
  switch (actor.membershipId) {
    case MEMBERSHIP.salesRep:
      return { equalities: [{ dimension: 'sales_rep', id: actor.id }], others: [] };
    case MEMBERSHIP.salesManager:
      return { equalities: [{ dimension: 'sales_manager', id: actor.id }], others: [] };
    case MEMBERSHIP.salesDistributor:
      return { equalities: [{ dimension: 'sales_distributor', id: actor.id }], others: [] };
    case MEMBERSHIP.harvestCenter:
      return only(or(eq(t.harvestCenterId, actor.id), eq(t.buyerUserId, actor.id)));
    case MEMBERSHIP.referralHarvestCenter:
      return only(or(eq(t.referralHarvestCenterId, actor.id), eq(t.buyerUserId, actor.id)));
    case MEMBERSHIP.patient:
      return only(or(eq(t.patientId, actor.id), eq(t.buyerUserId, actor.id)));
    case MEMBERSHIP.hcStaff:
      return only(or(eq(t.hcStaffId, actor.id), isHarvestCenterOfStaff(t.harvestCenterId, actor.id)));
    default:
      return null;
  }
}
