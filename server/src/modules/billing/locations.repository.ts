import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { locations } from '../../db/schema/commerce.ts';
import type { LocationRow } from '../accounts/saved-locations.repository.ts';

/** An account's template id (its receipts' letterhead), null when it has none. */
export async function findTemplateIdOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ templateId: users.templateId }).from(users).where(eq(users.id, userId));
  return row?.templateId || null;
}

/** The account's locations, the default first, then the newest. */
export function findLocationsOf(db: Db, userId: number): Promise<LocationRow[]> {
  return db
    .select()
    .from(locations)
    .where(eq(locations.userId, userId))
    .orderBy(desc(locations.isDefault), desc(locations.id));
}

export async function findLocationOf(db: Db, userId: number, id: number): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.userId, userId)));
  return row;
}

export async function countLocationsOf(db: Db, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(locations).where(eq(locations.userId, userId));
  return n;
}

export type LocationChanges = Partial<
  Pick<
    LocationRow,
    'locationName' | 'address1' | 'address2' | 'city' | 'stateDesc' | 'countryDesc' | 'zipCode' | 'isDefault'
  >
>;

/** Only the fields given (an undefined one is left out by Drizzle). */
export async function updateLocationRow(db: Db, id: number, changes: LocationChanges): Promise<LocationRow> {
  const [updated] = await db.update(locations).set(changes).where(eq(locations.id, id)).returning();
  return updated;
}

/** No location of the account is its default any more (the caller makes one the default next). */
export async function clearDefaultLocation(db: Db, userId: number): Promise<void> {
  await db.update(locations).set({ isDefault: false }).where(eq(locations.userId, userId));
}

export async function markLocationDefault(db: Db, id: number): Promise<void> {
  await db.update(locations).set({ isDefault: true }).where(eq(locations.id, id));
}

export async function deleteLocationRow(db: Db, id: number): Promise<void> {
  await db.delete(locations).where(eq(locations.id, id));
}
