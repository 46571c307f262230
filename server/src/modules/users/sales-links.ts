import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { badRequest } from '../../http/errors.ts';
import type { UserRow } from './users.repository.ts';

export type SalesLinkField = 'saless_rep_id' | 'sales_manager_id' | 'sales_distributor_id';

const UPLINE: Record<SalesLinkField, { membership: MembershipId; label: string }> = {
  saless_rep_id: { membership: MEMBERSHIP.salesRep, label: 'sales rep' },
  sales_manager_id: { membership: MEMBERSHIP.salesManager, label: 'sales manager' },
  sales_distributor_id: { membership: MEMBERSHIP.salesDistributor, label: 'sales distributor' },
};

async function findUpline(db: Db, field: SalesLinkField, id: number): Promise<UserRow> {
  const [upline] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  const { membership, label } = UPLINE[field];
  if (!upline || upline.membershipId !== membership || !upline.isActive) {
    throw badRequest(`Choose an active ${label}.`, { [field]: `Choose an active ${label}.` });
  }
  return upline;
}

/**
 * Sets a user's sales links and keeps the chain rep → manager → distributor consistent: the
 * columns are denormalised (a harvest center carries its rep, the rep's manager and the manager's
 * distributor) so that team lists filter on one indexed column. Returns the fields it changed.
 * - A center's or patient's rep brings that rep's manager and distributor along.
 * - A rep's manager brings the manager's distributor, to the rep and to everyone under the rep.
 * - A manager's distributor goes to everyone under the manager.
 */
export async function applySalesLinks(
  db: Db,
  target: UserRow,
  links: Partial<Record<SalesLinkField, number | null>>,
): Promise<SalesLinkField[]> {
  const changed: SalesLinkField[] = [];
  const rep = links.saless_rep_id;
  if (rep !== undefined && rep !== target.salesRepId) {
    const upline = rep === null ? null : await findUpline(db, 'saless_rep_id', rep);
    await db
      .update(users)
      .set({
        salesRepId: upline?.id ?? null,
        salesManagerId: upline?.salesManagerId ?? null,
        salesDistributorId: upline?.salesDistributorId ?? null,
      })
      .where(eq(users.id, target.id));
    changed.push('saless_rep_id');
  }
  const manager = links.sales_manager_id;
  if (manager !== undefined && manager !== target.salesManagerId) {
    const upline = manager === null ? null : await findUpline(db, 'sales_manager_id', manager);
    const set = {
      salesManagerId: upline?.id ?? null,
      salesDistributorId: upline?.salesDistributorId ?? null,
    };
    await db.update(users).set(set).where(eq(users.id, target.id));
    await db.update(users).set(set).where(eq(users.salesRepId, target.id));
    changed.push('sales_manager_id');
  }
  const distributor = links.sales_distributor_id;
  if (distributor !== undefined && distributor !== target.salesDistributorId) {
    const upline = distributor === null ? null : await findUpline(db, 'sales_distributor_id', distributor);
    const set = { salesDistributorId: upline?.id ?? null };
    await db.update(users).set(set).where(eq(users.id, target.id));
    await db.update(users).set(set).where(eq(users.salesManagerId, target.id));
    changed.push('sales_distributor_id');
  }
  return changed;
}
