import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  computeEstimatedVialsReadyDate,
  NEW_PATIENT_VALUES,
  PATIENT_FIELD_NOT_EDITABLE_MESSAGE,
  seesPatientIdentity,
  type TPatientCreate,
  type TPatientDetail,
  type TPatientField,
  type TPatientListQuery,
  type TPatientOption,
  type TPatientPage,
  type TPatientUpdate,
} from '@portal/shared/patients';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { isEmailTaken, type PatientAccountRow } from '../accounts/account-view.repository.ts';
import { type PatientRecordChanges, updatePatientRecord } from '../accounts/account-writes.repository.ts';
import { createPatient as createPatientAccount } from '../accounts/create-patient.ts';
import {
  assertAdminReaches,
  requireVisibleHarvestCenter,
  requireVisibleLab,
  requireVisiblePatient,
  requireVisibleReferralCenter,
  requireVisibleSalesPerson,
} from '../accounts/lookups.ts';
import { resolvePatientLinks } from '../accounts/patient-links.ts';
import { isVialWriter, type TeamHead } from '../accounts/roles.ts';
import { canCreatePatient, patientCreateFields, patientEditableFields } from './patients.policy.ts';
import {
  findPatientOptions,
  findPatientPage,
  findPatientRow,
  type PatientFilters,
  patientWhere,
  updatePatientIdentity,
} from './patients.repository.ts';
import { PATIENT_FIELD_COLUMNS, patientFieldValues, patientFor, toPatient } from './patients.view.ts';

const OWN_HC_ONLY = 'You can only add patients to your own harvest center.';

// ---------------------------------------------------------------------------------------------
// Lists.
// ---------------------------------------------------------------------------------------------

function filtersFrom(actor: Actor, query: TPatientListQuery): PatientFilters {
  return {
    search: query.search || undefined,
    // Names and e-mails a caller does not see must not be findable either.
    searchLabIdOnly: !seesPatientIdentity(actor.membershipId),
    labSampleId: query.lab_id || undefined,
    harvestCenterId: query.harvest_center_id,
    referralHarvestCenterId: query.referral_harvest_center_id,
    processingLabId: query.processing_lab_id,
    salesRepId: query.sales_rep_id,
    labStage: query.lab_stage,
  };
}

/**
 * A page of the patients the caller may see. `fixed` filters come from the route (the HC of
 * harvest-centers/{id}/patients/, a team's, …) and win over the query's.
 */
export async function listPatients(
  db: Db,
  actor: Actor,
  query: TPatientListQuery,
  fixed: PatientFilters = {},
): Promise<TPatientPage> {
  const { count, rows } = await findPatientPage(db, actor, { ...filtersFrom(actor, query), ...fixed }, query);
  return { count, results: rows.map((row) => patientFor(actor, toPatient(row))) };
}

export async function listPatientOptions(
  db: Db,
  actor: Actor,
  query: { search?: string; limit: number },
  fixed: PatientFilters,
): Promise<TPatientOption[]> {
  const identity = seesPatientIdentity(actor.membershipId);
  const where = patientWhere(actor, {
    ...fixed,
    search: query.search || undefined,
    searchLabIdOnly: !identity,
  });
  const rows = await findPatientOptions(db, where, query.limit);
  return rows.map((r) =>
    identity
      ? {
          id: r.id,
          value: r.id,
          label: `${r.firstName} ${r.lastName}`.trim() || r.email,
          first_name: r.firstName,
          last_name: r.lastName,
          email: r.email,
        }
      : { id: r.id, value: r.id, label: `Patient #${r.id}`, first_name: '', last_name: '', email: '' },
  );
}

/** Patients of an HC; `referredOnly` for its referral patients (those an RHC referred). */
export async function listHarvestCenterPatients(
  db: Db,
  actor: Actor,
  harvestCenterId: number,
  query: TPatientListQuery,
  options: { referredOnly?: boolean } = {},
): Promise<TPatientPage> {
  await requireVisibleHarvestCenter(db, actor, harvestCenterId);
  return listPatients(db, actor, query, { harvestCenterId, referredOnly: options.referredOnly });
}

export async function listHarvestCenterPatientOptions(
  db: Db,
  actor: Actor,
  harvestCenterId: number,
  query: { search?: string; limit: number },
): Promise<TPatientOption[]> {
  await requireVisibleHarvestCenter(db, actor, harvestCenterId);
  return listPatientOptions(db, actor, query, { harvestCenterId });
}

export async function listReferralCenterPatients(
  db: Db,
  actor: Actor,
  rhcId: number,
  query: TPatientListQuery,
): Promise<TPatientPage> {
  await requireVisibleReferralCenter(db, actor, rhcId);
  return listPatients(db, actor, query, { referralHarvestCenterId: rhcId });
}

export async function listReferralCenterPatientOptions(
  db: Db,
  actor: Actor,
  rhcId: number,
  query: { search?: string; limit: number },
): Promise<TPatientOption[]> {
  await requireVisibleReferralCenter(db, actor, rhcId);
  return listPatientOptions(db, actor, query, { referralHarvestCenterId: rhcId });
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

/** Patients of a manager's or distributor's team ("Team Patients"). */
export async function listTeamPatients(
  db: Db,
  actor: Actor,
  team: TeamHead & { kind: 'manager' | 'distributor' },
  query: TPatientListQuery,
): Promise<TPatientPage> {
  await requireVisibleSalesPerson(db, actor, team.kind, team.id);
  return listPatients(db, actor, query, { team });
}

// ---------------------------------------------------------------------------------------------
// One patient.
// ---------------------------------------------------------------------------------------------

async function loadDetail(db: Db, actor: Actor, patient: { id: number }): Promise<TPatientDetail> {
  const row = await findPatientRow(db, patient.id);
  if (!row) throw new Error(`patient ${patient.id} vanished`);
  return {
    ...patientFor(actor, toPatient(row)),
    editable_fields: patientEditableFields(actor, row.patient),
    can_edit_vials: isVialWriter(actor),
  };
}

/** The patient form's record; every read is on the audit trail ("who saw my record"). */
export async function getPatient(
  db: Db,
  actor: Actor,
  id: number,
  context: RequestContext,
): Promise<TPatientDetail> {
  const detail = await loadDetail(db, actor, await requireVisiblePatient(db, actor, id));
  await recordAudit(db, identityOf(actor, context), {
    action: 'patient.viewed',
    patientId: id,
    objectType: 'patient',
    objectId: id,
  });
  return detail;
}

type FieldValues = Record<TPatientField, string | number | boolean | null>;
type PatientChanges = Partial<Record<(typeof PATIENT_FIELD_COLUMNS)[TPatientField], unknown>>;

/**
 * The changes to write: fields the caller may change. A field outside `editable` is refused (403
 * with errors[field]) unless it carries the value it already has, so a form may send everything.
 */
function editableChanges(
  body: Partial<Record<TPatientField, unknown>>,
  editable: readonly TPatientField[],
  current: FieldValues,
): PatientChanges {
  const changes: PatientChanges = {};
  const errors: Record<string, string> = {};
  for (const [field, key] of Object.entries(PATIENT_FIELD_COLUMNS) as [
    TPatientField,
    keyof PatientChanges,
  ][]) {
    const value = body[field];
    if (value === undefined) continue;
    if (editable.includes(field)) changes[key] = value;
    else if (value !== current[field]) errors[field] = PATIENT_FIELD_NOT_EDITABLE_MESSAGE;
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(403, `You may not change: ${Object.keys(errors).join(', ')}.`, { errors });
  }
  return changes;
}

const IDENTITY_KEYS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

/** PATCH /api/v1/patients/{id}/: the patient form (lab fields, centers with rep inheritance, names). */
export async function updatePatient(
  db: Db,
  actor: Actor,
  id: number,
  body: TPatientUpdate,
  context: RequestContext,
): Promise<TPatientDetail> {
  const patient = await db.transaction(async (tx) => {
    // Locked, so two saves of one patient never compute the estimated date from a stale received date.
    const patient = await requireVisiblePatient(tx, actor, id, { forUpdate: true });
    const changes = editableChanges(body, patientEditableFields(actor, patient), patientFieldValues(patient));

    const identity: Parameters<typeof updatePatientIdentity>[2] = {};
    for (const key of IDENTITY_KEYS) {
      if (changes[key] !== undefined && changes[key] !== patient[key]) identity[key] = changes[key] as string;
      delete changes[key];
    }
    if (identity.email !== undefined) {
      if (identity.email === patient.email.toLowerCase()) delete identity.email;
      else if (await isEmailTaken(tx, identity.email, id)) {
        throw badRequest(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
      }
      // The username is the e-mail unless someone chose another one.
      else if (patient.username.toLowerCase() === patient.email.toLowerCase())
        identity.username = identity.email;
    }

    const record = changes as PatientRecordChanges;
    const links = await resolvePatientLinksFor(tx, patient, record);
    Object.assign(record, links);
    record.estimatedDateVialsReadyToShip = computeEstimatedVialsReadyDate({
      receivedByLab:
        record.dateAdiposeReceivedByLab !== undefined
          ? record.dateAdiposeReceivedByLab
          : patient.dateAdiposeReceivedByLab,
      setManually: record.estimatedDateSetManually ?? patient.estimatedDateSetManually,
      manualDate:
        record.estimatedDateVialsReadyToShip !== undefined
          ? record.estimatedDateVialsReadyToShip
          : patient.estimatedDateVialsReadyToShip,
    });
    const changedRecord = Object.fromEntries(
      Object.entries(record).filter(([key, value]) => value !== patient[key as keyof PatientAccountRow]),
    ) as PatientRecordChanges;

    await updatePatientIdentity(tx, id, identity);
    await updatePatientRecord(tx, id, changedRecord);
    const changed = [...Object.keys(identity), ...Object.keys(changedRecord)];
    if (changed.length > 0) {
      // What changed, before and after (the audit trail of docs/decisions/024).
      const before = patient as unknown as Record<string, unknown>;
      const changes = Object.fromEntries(
        Object.entries({ ...identity, ...changedRecord }).map(([key, value]) => [
          key,
          { from: before[key] ?? null, to: value },
        ]),
      );
      await recordAudit(tx, identityOf(actor, context), {
        action: 'patient.updated',
        targetUserId: id,
        patientId: id,
        objectType: 'patient',
        objectId: id,
        detail: { fields: changed, changes },
      });
    }
    return patient;
  });
  return loadDetail(db, actor, patient);
}

/** Centers and rep of a patient after a change (accounts checks the centers and the lab). */
async function resolvePatientLinksFor(db: Db, patient: PatientAccountRow, record: PatientRecordChanges) {
  const links = await resolvePatientLinks(db, patient, {
    harvestCenterId: record.harvestCenterId,
    referralHarvestCenterId: record.referralHarvestCenterId,
    processingLabId: record.processingLabId,
  });
  return {
    harvestCenterId: links.harvestCenterId,
    referralHarvestCenterId: links.referralHarvestCenterId,
    // A new HC sends the tissue to its own lab unless the same request names another one.
    processingLabId: links.processingLabId,
    ...(links.salesRepId !== undefined ? { salesRepId: links.salesRepId } : {}),
  };
}

/**
 * POST /api/v1/patients/ ("Add Patient" by an admin or an HC) through accounts' createPatient:
 * the caller's field rules first (an HC adds to itself, names only its associated RHCs).
 */
export async function createPatient(
  db: Db,
  actor: Actor,
  body: TPatientCreate,
  context: RequestContext & { publicUrl: string },
): Promise<{ patient: TPatientDetail; mailQueued: boolean }> {
  if (!canCreatePatient(actor)) throw forbidden();
  const { subscription: _subscription, ...fields } = body;
  const changes = editableChanges(fields, patientCreateFields(actor), NEW_PATIENT_VALUES) as Record<
    string,
    unknown
  >;
  const isHc = actor.membershipId === MEMBERSHIP.harvestCenter;
  if (isHc) {
    if (changes.harvestCenterId != null && changes.harvestCenterId !== actor.id) throw forbidden(OWN_HC_ONLY);
    changes.harvestCenterId = actor.id;
  }
  for (const center of [changes.harvestCenterId, changes.referralHarvestCenterId]) {
    await assertAdminReaches(db, actor, center as number | null | undefined);
  }
  const {
    firstName,
    lastName,
    email,
    phoneNumber,
    harvestCenterId,
    referralHarvestCenterId,
    processingLabId,
    ...record
  } = changes;
  const { patient, invitationQueued } = await createPatientAccount(
    db,
    {
      email: body.email,
      firstName: (firstName as string | undefined) ?? body.first_name,
      lastName: (lastName as string | undefined) ?? body.last_name,
      phoneNumber: phoneNumber as string | undefined,
      harvestCenterId: harvestCenterId as number | null | undefined,
      referralHarvestCenterId: referralHarvestCenterId as number | null | undefined,
      processingLabId: processingLabId as number | null | undefined,
      record: record as PatientRecordChanges,
    },
    { publicUrl: context.publicUrl, by: identityOf(actor, context) },
  );
  return { patient: await loadDetail(db, actor, patient), mailQueued: invitationQueued };
}
