import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TSalesRepExists } from '@portal/shared/sales-teams';
import type { Db } from '../../db/client.ts';
import { findSalesPersonRow } from './sales-teams.repository.ts';

/**
 * GET /api/v1/sales-rep/{id}/user-exists/. Public, because the sign-up forms that carry a rep's id
 * (srid) are public: an unknown, inactive or non-rep id answers `exists: false`; an active rep its
 * manager's and distributor's ids (part 2 §3), and nothing else to anyone, so a stranger walking the
 * ids learns no names. Whoever may see the rep reads it from the team lists.
 */
export async function checkSalesRepExists(db: Db, id: number): Promise<TSalesRepExists> {
  const row = await findSalesPersonRow(db, id);
  if (!row || row.person.membershipId !== MEMBERSHIP.salesRep || !row.person.isActive)
    return { exists: false };
  return {
    exists: true,
    data: {
      sales_manager_id: row.person.salesManagerId,
      sales_distributor_id: row.person.salesDistributorId,
    },
  };
}
