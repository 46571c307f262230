import type { FastifyRequest } from 'fastify';
import { type PatientListingAction, recordPatientListing } from '../audit-chain/patient-listing.ts';
import type { Db } from '../db/client.ts';
import { requireActor } from './access.ts';

/**
 * Puts this request's listing of patients on the audit trail (one row, in the request, before the list
 * is sent; decision 028) and hands the list back, so a route ends with
 * `auditListing(app.db, request, 'patient.listed', page, (p) => p.results.map((r) => r.id))`.
 */
export async function auditListing<T>(
  db: Db,
  request: FastifyRequest,
  action: PatientListingAction,
  list: T,
  patientIdsOf: (list: T) => Iterable<number | null | undefined>,
): Promise<T> {
  await recordPatientListing(
    db,
    requireActor(request),
    { action, ip: request.ip, path: request.url.split('?')[0] },
    patientIdsOf(list),
  );
  return list;
}

/**
 * The same for a list sent in parts (a streamed export): call the answer with each part's patients
 * before the part is sent, one row a part (decision 028), so the trail names every patient the file
 * held, however long it is.
 */
export function auditStreamedListing(
  db: Db,
  request: FastifyRequest,
  action: PatientListingAction,
): (patientIds: Iterable<number | null | undefined>) => Promise<void> {
  const actor = requireActor(request);
  const listing = { action, ip: request.ip, path: request.url.split('?')[0] };
  return (patientIds) => recordPatientListing(db, actor, listing, patientIds);
}
