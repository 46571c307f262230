import type {
  TCenterListQuery,
  TCenterOption,
  THarvestCenter,
  THarvestCenterCreate,
  TPublicCenterOption,
  TReferralHarvestCenter,
} from '@portal/shared/harvest-centers';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type {
  TRhcAssociation,
  TRhcAssociationPage,
  TRhcAssociationQuery,
} from '@portal/shared/rhc-associations';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { type Actor, personOf, type RequestContext } from '../../auth/actor.ts';
import { assertUncommonPassword } from '../../auth/common-passwords.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { salesRepDesc } from '../accounts/account-json.ts';
import { findAccount } from '../accounts/account-view.repository.ts';
import { createAccount, replaceHarvestCenterLinks } from '../accounts/account-writes.repository.ts';
import { approvePendingJoinRequests } from '../accounts/center-join.repository.ts';
import { findAssociatedHarvestCenters } from '../accounts/center-links.repository.ts';
import { findProcessingLab } from '../accounts/lookups.repository.ts';
import {
  assertAdminReaches,
  requireVisibleHarvestCenter,
  requireVisibleLab,
  requireVisibleSalesPerson,
} from '../accounts/lookups.ts';
import { findRepChain } from '../accounts/sales-chain.repository.ts';
import { canCreateHarvestCenter } from './harvest-centers.policy.ts';
import {
  type CenterNarrowing,
  type CenterRow,
  findCenterOptions,
  findCenterPage,
  findCenterRow,
  findRhcDesc,
  findRhcIdPage,
  harvestCentersOfRepWhere,
  visibleCentersWhere,
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

// ---------------------------------------------------------------------------------------------
// Lists.
// ---------------------------------------------------------------------------------------------

/** A page of the HCs the caller may see; `narrowing` narrows it (a lab, a rep). */
export async function listHarvestCenters(
  db: Db,
  actor: Actor,
  query: TCenterListQuery,
  narrowing: CenterNarrowing = {},
): Promise<{ count: number; results: THarvestCenter[] }> {
  const filters = { search: query.search, ...narrowing };
  const { count, rows } = await findCenterPage(db, 'hc', actor, filters, query);
  return { count, results: rows.map(toHarvestCenter) };
}

export async function listReferralCenters(
  db: Db,
  actor: Actor,
  query: TCenterListQuery,
  narrowing: CenterNarrowing = {},
): Promise<{ count: number; results: TReferralHarvestCenter[] }> {
  const filters = { search: query.search, ...narrowing };
  const { count, rows } = await findCenterPage(db, 'rhc', actor, filters, query);
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
  const rows = await findCenterOptions(db, visibleCentersWhere('hc', actor, query), query.limit);
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
  const rows = await findCenterOptions(db, harvestCentersOfRepWhere(repId), 1000);
  return rows.map((r) => ({ id: r.id, company: r.company }));
}

/** The HCs of one sales rep (the rep must be visible to the caller). */
export async function listHarvestCentersOfRep(db: Db, actor: Actor, repId: number, query: TCenterListQuery) {
  await requireVisibleSalesPerson(db, actor, 'rep', repId);
  return listHarvestCenters(db, actor, query, { salesRepId: repId });
}

/** The RHCs of one sales rep (the rep must be visible to the caller). */
export async function listReferralCentersOfRep(db: Db, actor: Actor, repId: number, query: TCenterListQuery) {
  await requireVisibleSalesPerson(db, actor, 'rep', repId);
  return listReferralCenters(db, actor, query, { salesRepId: repId });
}

// ---------------------------------------------------------------------------------------------
// One center, and the centers of a lab.
// ---------------------------------------------------------------------------------------------

export async function getHarvestCenter(db: Db, actor: Actor, id: number): Promise<THarvestCenter> {
  await requireVisibleHarvestCenter(db, actor, id);
  const row = await findCenterRow(db, 'hc', id);
  if (!row) throw new Error(`harvest center ${id} vanished`);
  return toHarvestCenter(row);
}

/** /lab/:id: the lab's harvest centers the caller may see (a lab all of them, an HC itself). */
export async function listLabHarvestCenters(
  db: Db,
  actor: Actor,
  labId: number,
  query: TCenterListQuery,
): Promise<{ count: number; results: THarvestCenter[] }> {
  await requireVisibleLab(db, actor, labId);
  return listHarvestCenters(db, actor, query, { processingLabId: labId });
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
    await assertAdminReaches(db, actor, repId);
  } else {
    const errors: Record<string, string> = {};
    if (input.saless_rep_id != null && input.saless_rep_id !== actor.id) {
      errors.saless_rep_id = 'A sales rep creates harvest centers for itself.';
    }
    if (input.processing_lab != null) errors.processing_lab = 'Only an admin assigns the processing lab.';
    if (Object.keys(errors).length > 0) throw new AppError(403, Object.values(errors)[0], { errors });
    repId = actor.id;
  }
  assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);

  const created = await db.transaction(async (tx) => {
    const links = repId === null ? undefined : await findRepChain(tx, repId);
    if (repId !== null && !links) throw badRequest(REP_NOT_FOUND, { saless_rep_id: REP_NOT_FOUND });
    if (input.processing_lab != null && !(await findProcessingLab(tx, input.processing_lab))) {
      throw badRequest(LAB_NOT_FOUND, { processing_lab: LAB_NOT_FOUND });
    }
    const center = await createAccount(
      tx,
      {
        membershipId: MEMBERSHIP.harvestCenter,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        company: input.company,
        phoneNumber: input.phone_number ?? '',
        salesRepId: repId,
        processingLabId: input.processing_lab ?? null,
      },
      { domainOf: [repId, actor.id] },
    );
    await recordAudit(tx, identityOf(actor, context), {
      action: 'harvest_center.created',
      targetUserId: center.id,
      detail: { sales_rep_id: repId },
    });
    return center;
  });
  const row = await findCenterRow(db, 'hc', created.id);
  if (!row) throw new Error(`harvest center ${created.id} vanished`);
  return toHarvestCenter(row);
}

// ---------------------------------------------------------------------------------------------
// RHC Manager: which HCs each RHC is associated with (admins).
// ---------------------------------------------------------------------------------------------

const toCenterPair = (c: { id: number; company: string }) => ({ id: c.id, company: c.company });

/** GET /api/admin/rhc-association/all/: active RHCs, each with its associated HCs. */
export async function listRhcAssociations(
  db: Db,
  actor: Actor,
  query: TRhcAssociationQuery,
): Promise<TRhcAssociationPage> {
  if (!actor.isAdmin) throw forbidden();
  const { count, rows } = await findRhcIdPage(db, visibleCentersWhere('rhc', actor, query), query);
  const associated = await findAssociatedHarvestCenters(
    db,
    rows.map((r) => r.id),
  );
  return {
    count,
    results: rows.map((r) => ({
      rhc_desc: toCenterPair(r),
      hc_desc: (associated.get(r.id) ?? []).map(toCenterPair),
    })),
  };
}

/**
 * POST /api/v1/rhc-association/update-association/{id}/: the RHC's HCs become exactly `hcIds`,
 * in one transaction with its audit entry.
 */
export async function updateRhcAssociation(
  db: Db,
  actor: Actor,
  rhcId: number,
  hcIds: number[],
  context: RequestContext,
): Promise<TRhcAssociation> {
  if (!actor.isAdmin) throw forbidden();
  for (const accountId of [rhcId, ...hcIds]) await assertAdminReaches(db, actor, accountId);
  await db.transaction(async (tx) => {
    await replaceHarvestCenterLinks(tx, 'rhc', rhcId, hcIds);
    await approvePendingJoinRequests(tx, 'rhc', rhcId, hcIds, personOf(actor));
    await recordAudit(tx, identityOf(actor, context), {
      action: 'rhc_association.updated',
      targetUserId: rhcId,
      detail: { harvest_center_ids: [...new Set(hcIds)] },
    });
  });
  const rhc = await findRhcDesc(db, rhcId);
  if (!rhc) throw notFound('This referral harvest center does not exist.');
  const associated = await findAssociatedHarvestCenters(db, [rhcId]);
  return { rhc_desc: toCenterPair(rhc), hc_desc: (associated.get(rhcId) ?? []).map(toCenterPair) };
}
