import {
  LOCATION_MESSAGES,
  type TSavedLocation,
  type ZLocationBody,
  type ZLocationPatch,
} from '@portal/shared/locations';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import {
  addSavedLocation,
  type LocationRow,
  lockAccountLocations,
} from '../accounts/saved-locations.repository.ts';
import {
  clearDefaultLocation,
  countLocationsOf,
  deleteLocationRow,
  findLocationOf,
  findLocationsOf,
  findTemplateIdOf,
  markLocationDefault,
  updateLocationRow,
} from './locations.repository.ts';

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

/** The account's locations, the default first (part 2 §4). */
export async function listLocations(db: Db, userId: number): Promise<TSavedLocation[]> {
  const rows = await findLocationsOf(db, userId);
  const templateId = await findTemplateIdOf(db, userId);
  return rows.map((row) => toSavedLocation(row, templateId));
}

/** A location of this account, or 404 (someone else's is not even said to exist). */
export async function requireOwnLocation(db: Db, userId: number, id: number): Promise<LocationRow> {
  const row = await findLocationOf(db, userId, id);
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
  return toSavedLocation(row, await findTemplateIdOf(db, userId));
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
    if (patch.default === true) await clearDefaultLocation(tx, userId);
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
    return updateLocationRow(tx, id, changes);
  });
  return toSavedLocation(row, await findTemplateIdOf(db, userId));
}

/** Part 2 §5: neither the last location nor the default one can be deleted. */
export async function deleteLocation(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccountLocations(tx, userId);
    const row = await requireOwnLocation(tx, userId, id);
    if ((await countLocationsOf(tx, userId)) <= 1) throw conflict(LOCATION_MESSAGES.lastOne);
    if (row.isDefault) throw conflict(LOCATION_MESSAGES.isDefault);
    await deleteLocationRow(tx, id);
  });
}

export async function setDefaultLocation(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccountLocations(tx, userId);
    await requireOwnLocation(tx, userId, id);
    await clearDefaultLocation(tx, userId);
    await markLocationDefault(tx, id);
  });
}
