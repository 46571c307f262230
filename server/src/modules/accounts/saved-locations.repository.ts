import { count, eq, sql } from 'drizzle-orm';
import { type AddressInput, addressColumns } from '../../db/address-columns.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { locations } from '../../db/schema/commerce.ts';

/**
 * An account's saved addresses (part 2 §3 Saved location, §4): kept here, with the account, so
 * that Locations (billing) and the sign-up of a center both write them by the same rule.
 */

export type LocationRow = typeof locations.$inferSelect;

/** Serializes the default changes of one account (first location, moves, deletes). */
export async function lockAccountLocations(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
}

/**
 * Saves an address in the caller's transaction. The account's first location becomes its default
 * (there is always exactly one); `makeDefault` moves the default here.
 */
export async function addSavedLocation(
  tx: Db,
  userId: number,
  location: AddressInput & { location_name: string; makeDefault?: boolean },
): Promise<LocationRow> {
  await lockAccountLocations(tx, userId);
  const [{ n }] = await tx.select({ n: count() }).from(locations).where(eq(locations.userId, userId));
  const isDefault = n === 0 || location.makeDefault === true;
  if (isDefault) await tx.update(locations).set({ isDefault: false }).where(eq(locations.userId, userId));
  const [created] = await tx
    .insert(locations)
    .values({ userId, locationName: location.location_name, ...addressColumns(location), isDefault })
    .returning();
  return created;
}
