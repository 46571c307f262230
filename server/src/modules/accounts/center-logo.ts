import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { centerAccounts } from '../../db/schema/account-links.ts';
import { domains, users } from '../../db/schema/accounts.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { MediaFolder } from '../../storage/media-folder.ts';

/**
 * A harvest center's logo is part of its account (center_accounts.logo_key): its header, its receipts
 * and its papers show it. Stored as `hc-logos/<uuid>.png`, served at /media/hc-logos/<uuid>.png.
 */
export const CENTER_LOGOS = new MediaFolder('hc-logos/', '/media/hc-logos/');

export function logoUrl(logoKey: string | null): string | null {
  return logoKey ? CENTER_LOGOS.mediaPath(logoKey) : null;
}

export async function findCenterLogoKey(db: Db, centerId: number): Promise<string | null> {
  const [row] = await db
    .select({ logoKey: centerAccounts.logoKey })
    .from(centerAccounts)
    .where(eq(centerAccounts.userId, centerId));
  return row?.logoKey ?? null;
}

/**
 * The logo on a center's papers (receipts, agreements): its own, else its white-label domain's
 * (docs/decisions/023); null without either (or if the file is gone).
 */
export async function centerLogoBytes(db: Db, storage: FileStorage, centerId: number | null) {
  if (centerId === null) return null;
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
  return row?.key ? storage.getBytes(row.key).catch(() => null) : null;
}
