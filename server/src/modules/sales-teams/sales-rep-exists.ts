import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TSalesRepExists } from '@portal/shared/sales-teams';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Actor } from '../../http/access.ts';
import { salesScope } from '../accounts/lookups.ts';
import { findSalesPersonRow } from './sales-teams.repository.ts';
import { toSalesPerson } from './sales-teams.service.ts';

function fullName(first: string | null, last: string | null): string | null {
  if (first === null && last === null) return null;
  return `${first ?? ''} ${last ?? ''}`.trim();
}

async function canSeeRep(db: Db, actor: Actor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ visible: sql<boolean>`(${salesScope(actor, 'rep')})` })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.visible === true;
}

/**
 * GET /api/v1/sales-rep/{id}/user-exists/. Public, because the sign-up forms that carry a rep's id
 * (srid) are public: an unknown, inactive or non-rep id answers `exists: false`; anyone learns the
 * rep's and its team's names only, and callers who may see the rep (salesScope) get it whole.
 */
export async function checkSalesRepExists(db: Db, actor: Actor | null, id: number): Promise<TSalesRepExists> {
  const row = await findSalesPersonRow(db, id);
  if (!row || row.person.membershipId !== MEMBERSHIP.salesRep || !row.person.isActive)
    return { exists: false };
  if (actor && (await canSeeRep(db, actor, id))) return { exists: true, data: toSalesPerson(row) };
  const rep = row.person;
  return {
    exists: true,
    data: {
      id: rep.id,
      first_name: rep.firstName,
      last_name: rep.lastName,
      sales_manager_id: rep.salesManagerId,
      sales_manager_name:
        rep.salesManagerId === null ? null : fullName(row.managerFirstName, row.managerLastName),
      sales_distributor_id: rep.salesDistributorId,
      sales_distributor_name:
        rep.salesDistributorId === null ? null : fullName(row.distributorFirstName, row.distributorLastName),
    },
  };
}
