import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { centerRow, joinCenterRow } from '../accounts/account-view.repository.ts';
import { linkedOrRequestedCentersText } from '../accounts/center-join.repository.ts';

const rep = alias(users, 'rep');

/** A page of the accounts made through the public forms, newest first, with their rep and centers. */
export async function findNewSignUpsPage(
  db: Db,
  query: { limit: number; offset: number },
  /** A white-label admin's: its domain's sign-ups only. */
  domainId: number | null,
) {
  const where = and(eq(users.selfSignup, true), domainId === null ? undefined : eq(users.domainId, domainId));
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await joinCenterRow(
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        membershipId: users.membershipId,
        dateJoined: users.dateJoined,
        emailConfirmedAt: users.emailConfirmedAt,
        isActive: users.isActive,
        repName: personNameSql(rep),
        // The centers it works for, is associated with or asked to join.
        centers: linkedOrRequestedCentersText(users.id),
      })
      .from(users)
      .$dynamic(),
    'left',
  )
    .leftJoin(rep, eq(rep.id, centerRow.salesRepId))
    .where(where)
    .orderBy(desc(users.dateJoined), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  return { count: total?.n ?? 0, rows };
}
