import type { TLabAccount, TProcessingLab } from '@portal/shared/labs';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { requireVisibleLab } from '../accounts/lookups.ts';
import { findLabAccountPage, findLabPage, findLabRow, type LabRow } from './labs.repository.ts';

type Page = { limit: number; offset: number; search?: string };

function toLab(row: LabRow): TProcessingLab {
  return { id: row.id, name: row.name, harvest_centers_count: row.harvestCentersCount };
}

export async function listLabs(db: Db, actor: Actor, query: Page) {
  const { count, rows } = await findLabPage(db, actor, query);
  return { count, results: rows.map(toLab) };
}

export async function getLab(db: Db, actor: Actor, id: number): Promise<TProcessingLab> {
  await requireVisibleLab(db, actor, id);
  const row = await findLabRow(db, actor, id);
  if (!row) throw new Error(`processing lab ${id} vanished`);
  return toLab(row);
}

export async function listLabAccounts(
  db: Db,
  actor: Actor,
  query: Page,
): Promise<{ count: number; results: TLabAccount[] }> {
  const { count, rows } = await findLabAccountPage(db, actor, query);
  return {
    count,
    results: rows.map(({ user, labName }) => ({
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      company: user.company,
      subscription: user.membershipId,
      processing_lab: user.processingLabId,
      processing_lab_name: labName,
    })),
  };
}
