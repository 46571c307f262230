import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import type {
  TCenterListQuery,
  TCenterOption,
  THarvestCenter,
  THarvestCenterCreate,
  TPublicCenterOption,
  TReferralHarvestCenter,
} from '@portal/shared/harvest-centers';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TPatientListQuery, TPatientOption, TPatientPage } from '@portal/shared/patients';
import { eq, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../audit/audit-log.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { findAccount, isEmailTaken, requireVisibleAccount } from '../../db/account-lookups.ts';
import { salesRepDesc } from '../../db/account-views.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Actor } from '../../http/access.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { findProcessingLab } from '../labs/labs.repository.ts';
import { listPatientOptions, listPatients } from '../patients/patients.service.ts';
import { salesRepScope } from '../sales-teams/sales-teams.policy.ts';
import { findRepLinks } from '../sales-teams/sales-teams.repository.ts';
import { canCreateHarvestCenter, harvestCenterScope, referralCenterScope } from './harvest-centers.policy.ts';
import {
  type CenterKind,
  type CenterRow,
  centerWhere,
  findAssociatedHarvestCenters,
  findCenterOptions,
  findCenterPage,
  findCenterRow,
  insertHarvestCenter,
  type UserRow,
} from './harvest-centers.repository.ts';

export function toHarvestCenter(row: CenterRow): THarvestCenter {
  const c = row.center;
  return {
    id: c.id,
    email: c.email,
    first_name: c.firstName,
    last_name: c.lastName,
    company: c.company,
    phone_number: c.phoneNumber,
    city: c.city,
    state_desc: c.stateDesc,
    template_id: c.templateId,
    subscription: c.membershipId,
    is_active: c.isActive,
    date_joined: c.dateJoined.toISOString(),
    saless_rep_id: c.salesRepId,
    sales_rep_desc: salesRepDesc(c.salesRepId, row),
    sales_manager_id: c.salesManagerId,
    sales_distributor_id: c.salesDistributorId,
    processing_lab: c.processingLabId,
    processing_lab_name: row.labName,
    patients_count: row.patientsCount,
  };
}

function scopeOf(kind: CenterKind, actor: Actor): SQL {
  return kind === 'hc' ? harvestCenterScope(actor, users) : referralCenterScope(actor, users);
}

// ---------------------------------------------------------------------------------------------
// Lists.
// ---------------------------------------------------------------------------------------------

/** A page of the HCs the caller may see; `constraint` narrows it (a lab, a rep). */
export async function listHarvestCenters(
  db: Db,
  actor: Actor,
  query: TCenterListQuery,
  constraint?: SQL,
): Promise<{ count: number; results: THarvestCenter[] }> {
  const where = centerWhere('hc', scopeOf('hc', actor), query, constraint);
  const { count, rows } = await findCenterPage(db, 'hc', where, query);
  return { count, results: rows.map(toHarvestCenter) };
}

export async function listReferralCenters(
  db: Db,
  actor: Actor,
  query: TCenterListQuery,
  constraint?: SQL,
): Promise<{ count: number; results: TReferralHarvestCenter[] }> {
  const where = centerWhere('rhc', scopeOf('rhc', actor), query, constraint);
  const { count, rows } = await findCenterPage(db, 'rhc', where, query);
  const associated = await findAssociatedHarvestCenters(
    db,
    rows.map((r) => r.center.id),
  );
  return {
    count,
    results: rows.map((r) => ({ ...toHarvestCenter(r), hc_desc: associated.get(r.center.id) ?? [] })),
  };
}

/** Select-search options of the HCs the caller may see (pickers on the patient form, reports, …). */
export async function listHarvestCenterOptions(
  db: Db,
  actor: Actor,
  query: { search?: string; limit: number },
): Promise<TCenterOption[]> {
  const rows = await findCenterOptions(db, centerWhere('hc', scopeOf('hc', actor), query), query.limit);
  return rows.map((r) => ({
    id: r.id,
    value: r.id,
    label: r.company || `${r.firstName} ${r.lastName}`.trim() || r.email,
    company: r.company,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    saless_rep_id: r.salesRepId,
  }));
}

/**
 * Public sign-up pickers: the active HCs of a sales rep, id and company only. An id that is not an
 * active sales rep answers an empty list, so the route tells nothing about other accounts.
 */
export async function listPublicHarvestCenterOptions(db: Db, repId: number): Promise<TPublicCenterOption[]> {
  const rep = await findAccount(db, repId, [MEMBERSHIP.salesRep]);
  if (!rep?.isActive) return [];
  const rows = await findCenterOptions(db, centerWhere('hc', eq(users.salesRepId, repId), {}), 1000);
  return rows.map((r) => ({ id: r.id, company: r.company }));
}

/** The HCs of one sales rep (the rep must be visible to the caller). */
export async function listHarvestCentersOfRep(db: Db, actor: Actor, repId: number, query: TCenterListQuery) {
  await requireVisibleAccount(db, repId, [MEMBERSHIP.salesRep], salesRepScope(actor, users), 'Sales rep');
  return listHarvestCenters(db, actor, query, eq(users.salesRepId, repId));
}

/** The RHCs of one sales rep (the rep must be visible to the caller). */
export async function listReferralCentersOfRep(db: Db, actor: Actor, repId: number, query: TCenterListQuery) {
  await requireVisibleAccount(db, repId, [MEMBERSHIP.salesRep], salesRepScope(actor, users), 'Sales rep');
  return listReferralCenters(db, actor, query, eq(users.salesRepId, repId));
}

// ---------------------------------------------------------------------------------------------
// One center and its patients.
// ---------------------------------------------------------------------------------------------

export function requireVisibleHarvestCenter(db: Db, actor: Actor, id: number): Promise<UserRow> {
  return requireVisibleAccount(db, id, [MEMBERSHIP.harvestCenter], scopeOf('hc', actor), 'Harvest center');
}

export function requireVisibleReferralCenter(db: Db, actor: Actor, id: number): Promise<UserRow> {
  return requireVisibleAccount(
    db,
    id,
    [MEMBERSHIP.referralHarvestCenter],
    scopeOf('rhc', actor),
    'Referral harvest center',
  );
}

export async function getHarvestCenter(db: Db, actor: Actor, id: number): Promise<THarvestCenter> {
  await requireVisibleHarvestCenter(db, actor, id);
  const row = await findCenterRow(db, 'hc', id);
  if (!row) throw new Error(`harvest center ${id} vanished`);
  return toHarvestCenter(row);
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

// ---------------------------------------------------------------------------------------------
// Creating an HC account.
// ---------------------------------------------------------------------------------------------

const REP_NOT_FOUND = 'Select an existing sales rep.';
const LAB_NOT_FOUND = 'Select an existing processing lab.';

/** POST /api/v1/harvest-centers/: an admin for any rep, a sales rep for itself. */
export async function createHarvestCenter(
  db: Db,
  actor: Actor,
  input: THarvestCenterCreate,
  context: RequestContext,
): Promise<THarvestCenter> {
  if (!canCreateHarvestCenter(actor)) throw forbidden();
  let repId: number | null;
  if (actor.isAdmin) {
    repId = input.saless_rep_id ?? null;
  } else {
    const errors: Record<string, string> = {};
    if (input.saless_rep_id != null && input.saless_rep_id !== actor.id) {
      errors.saless_rep_id = 'A sales rep creates harvest centers for itself.';
    }
    if (input.processing_lab != null) errors.processing_lab = 'Only an admin assigns the processing lab.';
    if (Object.keys(errors).length > 0) throw new AppError(403, Object.values(errors)[0], { errors });
    repId = actor.id;
  }
  const passwordHash = await hashPassword(input.password);

  const created = await db.transaction(async (tx) => {
    if (await isEmailTaken(tx, input.email))
      throw badRequest(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    const links = repId === null ? undefined : await findRepLinks(tx, repId);
    if (repId !== null && !links) throw badRequest(REP_NOT_FOUND, { saless_rep_id: REP_NOT_FOUND });
    if (input.processing_lab != null && !(await findProcessingLab(tx, input.processing_lab))) {
      throw badRequest(LAB_NOT_FOUND, { processing_lab: LAB_NOT_FOUND });
    }
    const center = await insertHarvestCenter(tx, {
      email: input.email,
      username: input.email,
      passwordHash,
      firstName: input.first_name,
      lastName: input.last_name,
      company: input.company,
      phoneNumber: input.phone_number ?? '',
      salesRepId: repId,
      salesManagerId: links?.salesManagerId ?? null,
      salesDistributorId: links?.salesDistributorId ?? null,
      processingLabId: input.processing_lab ?? null,
    });
    await recordAudit(tx, {
      action: 'harvest_center.created',
      actorUserId: actor.session.actorUserId ?? actor.id,
      targetUserId: center.id,
      ip: context.ip,
      detail: { sales_rep_id: repId },
    });
    return center;
  });
  const row = await findCenterRow(db, 'hc', created.id);
  if (!row) throw new Error(`harvest center ${created.id} vanished`);
  return toHarvestCenter(row);
}
