import { randomBytes } from 'node:crypto';
import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  computeEstimatedVialsReadyDate,
  inheritedSalesRepId,
  NEW_PATIENT_VALUES,
  PATIENT_FIELD_NOT_EDITABLE_MESSAGE,
  type TPatientCreate,
  type TPatientDetail,
  type TPatientField,
  type TPatientListQuery,
  type TPatientOption,
  type TPatientPage,
  type TPatientUpdate,
} from '@portal/shared/patients';
import type { SQL } from 'drizzle-orm';
import { recordAudit } from '../../audit/audit-log.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { findAccount, isEmailTaken, requireVisibleAccount } from '../../db/account-lookups.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Actor } from '../../http/access.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { requestPasswordReset } from '../auth/auth.service.ts';
import { isRhcAssociatedWithHc } from '../harvest-centers/harvest-centers.repository.ts';
import { findProcessingLab } from '../labs/labs.repository.ts';
import { findRepLinks } from '../sales-teams/sales-teams.repository.ts';
import { canWriteVials } from '../vials/vials.policy.ts';
import {
  canCreatePatient,
  patientCreateFields,
  patientEditableFields,
  patientScope,
} from './patients.policy.ts';
import {
  findPatientOptions,
  findPatientPage,
  findPatientRow,
  insertPatient,
  type PatientFilters,
  patientWhere,
  type UserRow,
  type UserUpdate,
  updatePatientRow,
} from './patients.repository.ts';
import { PATIENT_FIELD_COLUMNS, patientFieldValues, toPatient } from './patients.view.ts';

const HC_NOT_FOUND = 'Select an existing harvest center.';
const RHC_NOT_FOUND = 'Select an existing referral harvest center.';
const RHC_NOT_ASSOCIATED = 'This referral harvest center is not associated with your harvest center.';
const LAB_NOT_FOUND = 'Select an existing processing lab.';
const OWN_HC_ONLY = 'You can only add patients to your own harvest center.';

// ---------------------------------------------------------------------------------------------
// Reading.
// ---------------------------------------------------------------------------------------------

function filtersFrom(query: TPatientListQuery): PatientFilters {
  return {
    search: query.search || undefined,
    labId: query.lab_id || undefined,
    harvestCenterId: query.harvest_center_id,
    referralHarvestCenterId: query.referral_harvest_center_id,
    processingLabId: query.processing_lab_id,
    salesRepId: query.sales_rep_id,
    labStage: query.lab_stage,
  };
}

/**
 * A page of the patients the caller may see. `fixed` filters come from the route (the HC of
 * harvest-centers/{id}/patients/, …) and win over the query's; `constraint` is extra SQL from a
 * policy (a sales team).
 */
export async function listPatients(
  db: Db,
  actor: Actor,
  query: TPatientListQuery,
  fixed: PatientFilters = {},
  constraint?: SQL,
): Promise<TPatientPage> {
  const where = patientWhere(patientScope(actor, users), { ...filtersFrom(query), ...fixed }, constraint);
  const { count, rows } = await findPatientPage(db, where, query);
  return { count, results: rows.map(toPatient) };
}

export async function listPatientOptions(
  db: Db,
  actor: Actor,
  query: { search?: string; limit: number },
  fixed: PatientFilters,
): Promise<TPatientOption[]> {
  const where = patientWhere(patientScope(actor, users), { ...fixed, search: query.search || undefined });
  const rows = await findPatientOptions(db, where, query.limit);
  return rows.map((r) => ({
    id: r.id,
    value: r.id,
    label: `${r.firstName} ${r.lastName}`.trim() || r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
  }));
}

async function requireVisiblePatient(db: Db, actor: Actor, id: number, forUpdate = false): Promise<UserRow> {
  return requireVisibleAccount(db, id, [MEMBERSHIP.patient], patientScope(actor, users), 'Patient', {
    forUpdate,
  });
}

async function loadDetail(db: Db, actor: Actor, patient: UserRow): Promise<TPatientDetail> {
  const row = await findPatientRow(db, patient.id);
  if (!row) throw new Error(`patient ${patient.id} vanished`);
  return {
    ...toPatient(row),
    editable_fields: patientEditableFields(actor, row.patient),
    can_edit_vials: canWriteVials(actor, true),
  };
}

export async function getPatient(db: Db, actor: Actor, id: number): Promise<TPatientDetail> {
  return loadDetail(db, actor, await requireVisiblePatient(db, actor, id));
}

// ---------------------------------------------------------------------------------------------
// Writing.
// ---------------------------------------------------------------------------------------------

type FieldValues = Record<TPatientField, string | number | boolean | null>;

/**
 * The columns to write: fields the caller may change. A field outside `editable` is refused (403
 * with errors[field]) unless it carries the value it already has, so a form may send everything.
 */
function editableChanges(
  body: TPatientUpdate,
  editable: readonly TPatientField[],
  current: FieldValues,
): UserUpdate {
  const changes: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [field, column] of Object.entries(PATIENT_FIELD_COLUMNS) as [TPatientField, keyof UserRow][]) {
    const value = body[field];
    if (value === undefined) continue;
    if (editable.includes(field)) changes[column] = value;
    else if (value !== current[field]) errors[field] = PATIENT_FIELD_NOT_EDITABLE_MESSAGE;
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(403, `You may not change: ${Object.keys(errors).join(', ')}.`, { errors });
  }
  return changes as UserUpdate;
}

async function requireCenter(db: Db, kind: 'hc' | 'rhc', id: number): Promise<UserRow> {
  const membership = kind === 'hc' ? MEMBERSHIP.harvestCenter : MEMBERSHIP.referralHarvestCenter;
  const center = await findAccount(db, id, [membership]);
  if (center?.isActive) return center;
  const [field, message] =
    kind === 'hc'
      ? ['harvest_center_temporal', HC_NOT_FOUND]
      : ['referral_harvest_center_temporal', RHC_NOT_FOUND];
  throw badRequest(message, { [field]: message });
}

/** An HC may only name RHCs associated with it; admins any. */
async function assertRhcAllowed(db: Db, actor: Actor, rhcId: number): Promise<void> {
  if (actor.membershipId !== MEMBERSHIP.harvestCenter) return;
  if (!(await isRhcAssociatedWithHc(db, rhcId, actor.id))) {
    throw badRequest(RHC_NOT_ASSOCIATED, { referral_harvest_center_temporal: RHC_NOT_ASSOCIATED });
  }
}

async function requireProcessingLab(db: Db, id: number): Promise<void> {
  if (!(await findProcessingLab(db, id))) throw badRequest(LAB_NOT_FOUND, { processing_lab: LAB_NOT_FOUND });
}

/** The rep and, following it, the manager and distributor. */
async function salesLinksOf(db: Db, repId: number | null): Promise<UserUpdate> {
  if (repId === null) return { salesRepId: null, salesManagerId: null, salesDistributorId: null };
  const links = await findRepLinks(db, repId);
  return {
    salesRepId: repId,
    salesManagerId: links?.salesManagerId ?? null,
    salesDistributorId: links?.salesDistributorId ?? null,
  };
}

type CenterState = { changed: boolean; id: number | null; salesRepId: number | null };

async function centerState(
  db: Db,
  actor: Actor,
  kind: 'hc' | 'rhc',
  currentId: number | null,
  nextId: number | null | undefined,
): Promise<CenterState> {
  const changed = nextId !== undefined && nextId !== currentId;
  const id = changed ? (nextId ?? null) : currentId;
  if (id === null) return { changed, id, salesRepId: null };
  if (changed) {
    const center = await requireCenter(db, kind, id);
    if (kind === 'rhc') await assertRhcAllowed(db, actor, id);
    return { changed, id, salesRepId: center.salesRepId };
  }
  // An unchanged center is read as it is (even if since deactivated), only for its rep.
  const membership = kind === 'hc' ? MEMBERSHIP.harvestCenter : MEMBERSHIP.referralHarvestCenter;
  const center = await findAccount(db, id, [membership]);
  return { changed, id, salesRepId: center?.salesRepId ?? null };
}

function auditActor(actor: Actor) {
  return {
    actorUserId: actor.session.actorUserId ?? actor.id,
    detail: actor.session.actorUserId ? { acting_as: actor.id } : {},
  };
}

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
    const patient = await requireVisiblePatient(tx, actor, id, true);
    const changes = editableChanges(body, patientEditableFields(actor, patient), patientFieldValues(patient));

    if (changes.email !== undefined) {
      if (changes.email === patient.email.toLowerCase()) delete changes.email;
      else if (await isEmailTaken(tx, changes.email, id)) {
        throw badRequest(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
      }
      // The username is the e-mail unless someone chose another one.
      else if (patient.username.toLowerCase() === patient.email.toLowerCase())
        changes.username = changes.email;
    }

    const hc = await centerState(tx, actor, 'hc', patient.harvestCenterId, changes.harvestCenterId);
    const rhc = await centerState(
      tx,
      actor,
      'rhc',
      patient.referralHarvestCenterId,
      changes.referralHarvestCenterId,
    );
    const repId = inheritedSalesRepId(hc, rhc);
    if (repId !== undefined) Object.assign(changes, await salesLinksOf(tx, repId));

    if (changes.processingLabId && changes.processingLabId !== patient.processingLabId) {
      await requireProcessingLab(tx, changes.processingLabId);
    }

    changes.estimatedDateVialsReadyToShip = computeEstimatedVialsReadyDate({
      receivedByLab:
        changes.dateAdiposeReceivedByLab !== undefined
          ? changes.dateAdiposeReceivedByLab
          : patient.dateAdiposeReceivedByLab,
      setManually: changes.estimatedDateSetManually ?? patient.estimatedDateSetManually,
      manualDate:
        changes.estimatedDateVialsReadyToShip !== undefined
          ? changes.estimatedDateVialsReadyToShip
          : patient.estimatedDateVialsReadyToShip,
    });

    const changed = Object.keys(changes).filter(
      (key) => changes[key as keyof UserUpdate] !== patient[key as keyof UserRow],
    ) as (keyof UserUpdate)[];
    const write = Object.fromEntries(changed.map((key) => [key, changes[key]])) as UserUpdate;
    await updatePatientRow(tx, id, write);
    if (changed.length > 0) {
      const audit = auditActor(actor);
      await recordAudit(tx, {
        action: 'patient.updated',
        actorUserId: audit.actorUserId,
        targetUserId: id,
        ip: context.ip,
        detail: { ...audit.detail, fields: changed },
      });
    }
    return patient;
  });
  return loadDetail(db, actor, patient);
}

/**
 * POST /api/v1/patients/ ("Add Patient" by an admin or an HC). The patient gets a random password
 * nobody knows and a password-reset mail (the existing reset flow) to choose their own.
 */
export async function createPatient(
  db: Db,
  actor: Actor,
  body: TPatientCreate,
  context: RequestContext & { publicUrl: string },
): Promise<{ patient: TPatientDetail; mailQueued: boolean }> {
  if (!canCreatePatient(actor)) throw forbidden();
  const { subscription: _subscription, ...fields } = body;
  const changes = editableChanges(fields, patientCreateFields(actor), NEW_PATIENT_VALUES);
  const isHc = actor.membershipId === MEMBERSHIP.harvestCenter;
  if (isHc) {
    if (changes.harvestCenterId != null && changes.harvestCenterId !== actor.id) {
      throw forbidden(OWN_HC_ONLY);
    }
    changes.harvestCenterId = actor.id;
  }
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));

  const { patient, mailQueued } = await db.transaction(async (tx) => {
    if (await isEmailTaken(tx, body.email))
      throw badRequest(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    const hc = await centerState(tx, actor, 'hc', null, changes.harvestCenterId ?? null);
    const rhc = await centerState(tx, actor, 'rhc', null, changes.referralHarvestCenterId ?? null);
    const hcRow = hc.id === null ? undefined : await findAccount(tx, hc.id, [MEMBERSHIP.harvestCenter]);
    if (changes.processingLabId) await requireProcessingLab(tx, changes.processingLabId);
    const links = await salesLinksOf(
      tx,
      inheritedSalesRepId({ ...hc, changed: true }, { ...rhc, changed: true }) ?? null,
    );
    const patient = await insertPatient(tx, {
      ...changes,
      ...links,
      email: body.email,
      username: body.email,
      passwordHash,
      // Tissue goes to the lab the HC works with unless an admin named another.
      processingLabId: changes.processingLabId ?? hcRow?.processingLabId ?? null,
      estimatedDateVialsReadyToShip: computeEstimatedVialsReadyDate({
        receivedByLab: changes.dateAdiposeReceivedByLab ?? null,
        setManually: changes.estimatedDateSetManually ?? false,
        manualDate: changes.estimatedDateVialsReadyToShip ?? null,
      }),
    });
    const mailQueued = await requestPasswordReset(
      tx,
      { email: patient.email, publicUrl: context.publicUrl },
      context,
    );
    const audit = auditActor(actor);
    await recordAudit(tx, {
      action: 'patient.created',
      actorUserId: audit.actorUserId,
      targetUserId: patient.id,
      ip: context.ip,
      detail: {
        ...audit.detail,
        harvest_center_id: patient.harvestCenterId,
        password_mail_queued: mailQueued,
      },
    });
    return { patient, mailQueued };
  });
  return { patient: await loadDetail(db, actor, patient), mailQueued };
}
