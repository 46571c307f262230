import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { mailOutbox } from '../../db/schema/platform.ts';

/**
 * The admin's counts that are not about accounts' links (those, patients, centers, sales people
 * and staff, are counted by modules/accounts/account-counts.repository.ts inside the lists' scopes).
 */

/** Accounts switched off (the admin's Inactive Users). */
export async function countInactiveUsers(db: Db, domainId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isActive, false), domainId === null ? undefined : eq(users.domainId, domainId)));
  return row.n;
}

/** Mail the outbox gave up on; for a white-label admin, the mail to its domain's accounts. */
export async function countFailedMail(db: Db, domainId: number | null): Promise<number> {
  const failed = eq(mailOutbox.status, 'failed');
  const [row] =
    domainId === null
      ? await db.select({ n: count() }).from(mailOutbox).where(failed)
      : await db
          .select({ n: count() })
          .from(mailOutbox)
          .innerJoin(users, sql`lower(${users.email}) = lower(${mailOutbox.to})`)
          .where(and(failed, eq(users.domainId, domainId)));
  return row.n;
}
