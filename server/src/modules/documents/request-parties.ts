import { DOCUMENT_NAMES, type TDocumentKind } from '@portal/shared/documents';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { type Actor, personOf } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { findAccount } from '../accounts/account-view.repository.ts';
import { assertAdminReaches } from '../accounts/lookups.ts';
import { findCenterPatientByEmail, findPatientWithCenter } from '../accounts/patient-links.repository.ts';
import { canRequestFor } from './documents.policy.ts';

export type RequestingCenter = {
  id: number;
  email: string;
  company: string;
  name: string;
  templateId: string;
};
export type RequestedPatient = { id: number; email: string; name: string } | null;

/** The harvest center a request is made for, when the caller may make it (admins any, an HC itself). */
export async function requireRequestingCenter(
  db: Db,
  actor: Actor,
  harvestCenterId: number,
): Promise<RequestingCenter> {
  if (!canRequestFor(actor, harvestCenterId)) {
    throw forbidden('You can request documents only for your own harvest center.');
  }
  await assertAdminReaches(db, actor, harvestCenterId);
  return loadRequestingCenter(db, harvestCenterId);
}

/** The harvest center of a request whose right was established by the caller (the referral checkout). */
export async function loadRequestingCenter(db: Db, harvestCenterId: number): Promise<RequestingCenter> {
  const center = await findAccount(db, harvestCenterId, [MEMBERSHIP.harvestCenter]);
  if (!center) throw notFound('Harvest center not found.');
  return {
    id: center.id,
    email: center.email,
    company: center.company,
    name: `${center.firstName} ${center.lastName}`.trim(),
    templateId: center.templateId,
  };
}

/**
 * The patient account a request is for: the one picked (it must be the center's), else the center's
 * patient with that e-mail, else none (the documents then wait for the person by e-mail only).
 */
export async function resolveRequestedPatient(
  db: Db,
  center: RequestingCenter,
  input: { patientId?: number | null; email: string },
): Promise<RequestedPatient> {
  if (input.patientId) {
    const patient = await findPatientWithCenter(db, input.patientId);
    if (!patient) throw notFound('Patient not found.');
    if (patient.harvestCenterId !== center.id) {
      throw badRequest('This patient belongs to another harvest center.', {
        patient_id: 'This patient belongs to another harvest center.',
      });
    }
    return { id: patient.id, email: patient.email, name: `${patient.firstName} ${patient.lastName}`.trim() };
  }
  const patient = await findCenterPatientByEmail(db, center.id, input.email);
  return patient
    ? { id: patient.id, email: patient.email, name: `${patient.firstName} ${patient.lastName}`.trim() }
    : null;
}

/** How an event names a center: its company, else its contact's name. */
export function centerLabel(center: { company: string; name?: string; email: string }): string {
  return center.company || center.name || center.email;
}

/**
 * What every agreement of one patient's request has in common, whether it is sent for signing or
 * filed from paper: its kind and name, the center and patient, the signer as named, who made it.
 */
export function patientAgreementFields(
  kind: TDocumentKind,
  parties: { center: RequestingCenter; patient: RequestedPatient; signer: { name: string; email: string } },
  actor: Actor,
) {
  return {
    kind,
    name: DOCUMENT_NAMES[kind],
    party: 'patient' as const,
    patientId: parties.patient?.id ?? null,
    harvestCenterId: parties.center.id,
    signerUserId: parties.patient?.id ?? null,
    signerName: parties.signer.name,
    signerEmail: parties.signer.email,
    createdBy: personOf(actor),
  };
}
