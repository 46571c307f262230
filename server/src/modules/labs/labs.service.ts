import type { TCenterListQuery, THarvestCenter } from '@portal/shared/harvest-centers';
import type { TLabAccount, TProcessingLab } from '@portal/shared/labs';
import type { TPatientListQuery, TPatientPage } from '@portal/shared/patients';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import type { Actor } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { harvestCenterScope } from '../harvest-centers/harvest-centers.policy.ts';
import {
  listHarvestCenters,
  requireVisibleHarvestCenter,
} from '../harvest-centers/harvest-centers.service.ts';
import { listPatients } from '../patients/patients.service.ts';
import { labAccountScope, processingLabScope } from './labs.policy.ts';
import { findLabAccountPage, findLabPage, findLabWithVisibility } from './labs.repository.ts';

type Page = { limit: number; offset: number; search?: string };

/** The HC scope written against the `h` alias of the labs' HC-count sub-query. */
const countedHc = alias(users, 'h');

function toLab(row: { id: number; name: string; harvestCentersCount: number }): TProcessingLab {
  return { id: row.id, name: row.name, harvest_centers_count: row.harvestCentersCount };
}

export async function listLabs(db: Db, actor: Actor, query: Page) {
  const { count, rows } = await findLabPage(
    db,
    processingLabScope(actor, processingLabs),
    harvestCenterScope(actor, countedHc),
    query,
  );
  return { count, results: rows.map(toLab) };
}

async function requireVisibleLab(db: Db, actor: Actor, id: number): Promise<TProcessingLab> {
  const found = await findLabWithVisibility(
    db,
    id,
    processingLabScope(actor, processingLabs),
    harvestCenterScope(actor, countedHc),
  );
  if (!found) throw notFound('Processing lab not found.');
  if (!found.visible) throw forbidden('You do not have access to this processing lab.');
  return toLab(found.lab);
}

export function getLab(db: Db, actor: Actor, id: number): Promise<TProcessingLab> {
  return requireVisibleLab(db, actor, id);
}

/** /lab/:id: the lab's harvest centers the caller may see (a lab all of them, an HC itself). */
export async function listLabHarvestCenters(
  db: Db,
  actor: Actor,
  labId: number,
  query: TCenterListQuery,
): Promise<{ count: number; results: THarvestCenter[] }> {
  await requireVisibleLab(db, actor, labId);
  return listHarvestCenters(db, actor, query, eq(users.processingLabId, labId));
}

/** /lab/:lab_id/harvest-center/:harvestcenter_id: that center's patients. */
export async function listLabHarvestCenterPatients(
  db: Db,
  actor: Actor,
  labId: number,
  harvestCenterId: number,
  query: TPatientListQuery,
): Promise<TPatientPage> {
  await requireVisibleLab(db, actor, labId);
  const center = await requireVisibleHarvestCenter(db, actor, harvestCenterId);
  if (center.processingLabId !== labId) throw notFound('Harvest center not found in this lab.');
  return listPatients(db, actor, query, { harvestCenterId });
}

export async function listLabAccounts(
  db: Db,
  actor: Actor,
  query: Page,
): Promise<{ count: number; results: TLabAccount[] }> {
  const { count, rows } = await findLabAccountPage(db, labAccountScope(actor, users), query);
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
