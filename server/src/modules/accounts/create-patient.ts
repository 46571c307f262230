import { randomBytes } from 'node:crypto';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { computeEstimatedVialsReadyDate } from '@portal/shared/patients';
import { type AuditIdentity, recordAudit } from '../../audit-chain/audit-log.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/client.ts';
import type { AccountRow } from './account-view.repository.ts';
import { createAccount, type PatientRecordChanges } from './account-writes.repository.ts';
import { queueInvitationMail } from './invitations.ts';
import { resolvePatientLinks } from './patient-links.ts';

export type CreatePatientInput = {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string;
  harvestCenterId?: number | null;
  referralHarvestCenterId?: number | null;
  processingLabId?: number | null;
  /** Lab tracking known at creation (an admin's form). */
  record?: Omit<
    PatientRecordChanges,
    'harvestCenterId' | 'referralHarvestCenterId' | 'processingLabId' | 'salesRepId'
  >;
  /** Set by the patient itself (sign-up); otherwise the patient gets an invitation to set one. */
  password?: string;
};

export type CreatePatientContext = {
  publicUrl: string;
  /** Who creates it: the person (none for a public sign-up), whom they act as, from where. */
  by: AuditIdentity;
};

/**
 * The one way a patient comes to exist (admin, HC, and the referral and sign-up flows): checks the
 * e-mail, links the centers, inherits the rep from them, sends the tissue to the HC's lab unless a
 * lab is named, computes the estimated vials-ready date, and queues the invitation mail, all in one
 * transaction.
 */
export async function createPatient(
  db: Db,
  input: CreatePatientInput,
  context: CreatePatientContext,
): Promise<{ patient: AccountRow; invitationQueued: boolean }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password ?? randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const links = await resolvePatientLinks(
      tx,
      { harvestCenterId: null, referralHarvestCenterId: null, processingLabId: null },
      {
        harvestCenterId: input.harvestCenterId ?? null,
        referralHarvestCenterId: input.referralHarvestCenterId ?? null,
        processingLabId: input.processingLabId ?? null,
      },
    );
    const record = input.record ?? {};
    const patient = await createAccount(
      tx,
      {
        ...record,
        membershipId: MEMBERSHIP.patient,
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber ?? '',
        harvestCenterId: links.harvestCenterId,
        referralHarvestCenterId: links.referralHarvestCenterId,
        salesRepId: links.salesRepId ?? null,
        processingLabId: input.processingLabId ?? links.centerLabId,
        estimatedDateVialsReadyToShip: computeEstimatedVialsReadyDate({
          receivedByLab: record.dateAdiposeReceivedByLab ?? null,
          setManually: record.estimatedDateSetManually ?? false,
          manualDate: record.estimatedDateVialsReadyToShip ?? null,
        }),
      },
      { domainOf: [links.harvestCenterId, links.referralHarvestCenterId, context.by.actorUserId] },
    );
    const invitationQueued = input.password === undefined;
    if (invitationQueued) await queueInvitationMail(tx, patient, context.publicUrl);
    await recordAudit(tx, context.by, {
      action: 'patient.created',
      targetUserId: patient.id,
      patientId: patient.id,
      detail: {
        harvest_center_id: patient.harvestCenterId,
        invitation_queued: invitationQueued,
      },
    });
    return { patient, invitationQueued };
  });
}
