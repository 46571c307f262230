import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centerAccounts } from '../../db/schema/account-links.ts';
import { domains, users } from '../../db/schema/accounts.ts';

/** Reads of a harvest center's logo key (center_accounts.logo_key; replaced by account-writes.repository.ts). */

export async function findCenterLogoKey(db: Db, centerId: number): Promise<string | null> {
  const [row] = await db
    .select({ logoKey: centerAccounts.logoKey })
    .from(centerAccounts)
    .where(eq(centerAccounts.userId, centerId));
  return row?.logoKey ?? null;
}

/** The key of the logo on a center's papers: its own, else its white-label domain's; null without either. */
export async function findPaperLogoKey(db: Db, centerId: number): Promise<string | null> {
  const [row] = await db
    .select({
      key: sql<
        string | null
      >`coalesce(nullif(${centerAccounts.logoKey}, ''), nullif(${domains.logoKey}, ''))`,
    })
    .from(users)
    .leftJoin(centerAccounts, eq(centerAccounts.userId, users.id))
    .leftJoin(domains, eq(domains.id, users.domainId))
    .where(eq(users.id, centerId));
  return row?.key ?? null;
}
