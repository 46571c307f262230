import {
  LOCATION_MESSAGES,
  type TSavedLocation,
  type ZLocationBody,
  type ZLocationPatch,
} from '@portal/shared/locations';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { locations } from '../../db/schema/commerce.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import { addSavedLocation, type LocationRow, lockAccountLocations } from '../accounts/saved-locations.ts';

function toSavedLocation(row: LocationRow, templateId: string | null): TSavedLocation {
  return {
    id: row.id,
    user: row.userId,
    location_name: row.locationName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state_desc: row.stateDesc,
    country_desc: row.countryDesc,
    zip_code: row.zipCode,
    default: row.isDefault,
    template_id: templateId,
  };
}

async function templateIdOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ templateId: users.templateId }).from(users).where(eq(users.id, userId));
  return row?.templateId || null;
}

/** The account's locations, the default first (part 2 §4). */
export async function listLocations(db: Db, userId: number): Promise<TSavedLocation[]> {
  const rows = await db
    .select()
    .from(locations)
    .where(eq(locations.userId, userId))
    .orderBy(desc(locations.isDefault), desc(locations.id));
  const templateId = await templateIdOf(db, userId);
  return rows.map((row) => toSavedLocation(row, templateId));
}

/** A location of this account, or 404 (someone else's is not even said to exist). */
export async function requireOwnLocation(db: Db, userId: number, id: number): Promise<LocationRow> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** The first location becomes the default; `default: true` moves it here. */
export async function createLocation(
  db: Db,
  userId: number,
  body: z.output<typeof ZLocationBody>,
): Promise<TSavedLocation> {
  const row = await db.transaction((tx) =>
    addSavedLocation(tx, userId, { ...body, makeDefault: body.default === true }),
  );
  return toSavedLocation(row, await templateIdOf(db, userId));
}

export async function updateLocation(
  db: Db,
  userId: number,
  id: number,
  patch: z.output<typeof ZLocationPatch>,
): Promise<TSavedLocation> {
  const row = await db.transaction(async (tx) => {
    await lockAccountLocations(tx, userId);
    await requireOwnLocation(tx, userId, id);
    if (patch.default === true)
      await tx.update(locations).set({ isDefault: false }).where(eq(locations.userId, userId));
    // Only the fields the PATCH names (an absent one is undefined, which Drizzle leaves out).
    const changes = {
      locationName: patch.location_name,
      address1: patch.address1,
      address2: patch.address2,
      city: patch.city,
      stateDesc: patch.state_desc,
      countryDesc: patch.country_desc,
      zipCode: patch.zip_code,
      // Unsetting the default is done by choosing another; there is always exactly one.
      isDefault: patch.default === true ? true : undefined,
    };
    if (Object.values(changes).every((value) => value === undefined)) {
      return requireOwnLocation(tx, userId, id);
    }
    const [updated] = await tx.update(locations).set(changes).where(eq(locations.id, id)).returning();
    return updated;
  });
  return toSavedLocation(row, await templateIdOf(db, userId));
}

/** Part 2 §5: neither the last location nor the default one can be deleted. */
export async function deleteLocation(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccountLocations(tx, userId);
    const row = await requireOwnLocation(tx, userId, id);
    const [{ n }] = await tx.select({ n: count() }).from(locations).where(eq(locations.userId, userId));
    if (n <= 1) throw conflict(LOCATION_MESSAGES.lastOne);
    if (row.isDefault) throw conflict(LOCATION_MESSAGES.isDefault);
    await tx.delete(locations).where(eq(locations.id, id));
  });
}

export async function setDefaultLocation(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccountLocations(tx, userId);
    await requireOwnLocation(tx, userId, id);
    await tx.update(locations).set({ isDefault: false }).where(eq(locations.userId, userId));
    await tx.update(locations).set({ isDefault: true }).where(eq(locations.id, id));
  });
}
