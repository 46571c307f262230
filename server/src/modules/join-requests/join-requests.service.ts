import {
  JOIN_ALREADY_DECIDED_MESSAGE,
  JOIN_APPROVED_MESSAGE,
  JOIN_DECIDED_BY_CENTER_MESSAGE,
  JOIN_DECLINED_MESSAGE,
  type TAdminJoinRequestQuery,
  type TJoinLink,
  type TJoinRequest,
  type TJoinRequestPage,
  type TJoinStatus,
} from '@portal/shared/join-requests';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { type Actor, personOf, type RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { PageRequest } from '../../db/paging.ts';
import { conflict, forbidden, notFound } from '../../errors/app-error.ts';
import {
  findJoinRequest,
  findJoinRequestPage,
  type JoinRequestFilter,
  type JoinRequestRow,
  joinLinkTokenOf,
  renewJoinLinkToken,
} from '../accounts/center-join.repository.ts';
import { decideJoinRequest, queueJoinDecidedMail } from '../accounts/center-join.ts';
import { adminReaches, requireVisibleHarvestCenter } from '../accounts/lookups.ts';
import { inAdminReach } from '../accounts/scopes.repository.ts';
import { canDecideCenterJoins, canReadCenterJoins } from './join-requests.policy.ts';

export type JoinRequestsDeps = { db: Db; publicUrl: string; wakeMail(): void };

export function toJoinRequestJson(row: JoinRequestRow): TJoinRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    harvest_center: { id: row.harvestCenterId, company: row.harvestCenterCompany },
    requester: {
      id: row.requesterId,
      first_name: row.requesterFirstName,
      last_name: row.requesterLastName,
      email: row.requesterEmail,
      company: row.requesterCompany,
      phone_number: row.requesterPhone,
      email_confirmed: row.requesterEmailConfirmedAt !== null,
    },
  };
}

/** The center, visible to the caller (404/403 as its lists answer), whose joins the caller may read. */
async function requireCenterJoins(db: Db, actor: Actor, harvestCenterId: number) {
  const center = await requireVisibleHarvestCenter(db, actor, harvestCenterId);
  if (!canReadCenterJoins(actor, center.id)) throw forbidden();
  return center;
}

function joinLinkJson(publicUrl: string, harvestCenterId: number, token: string): TJoinLink {
  return {
    harvest_center_id: harvestCenterId,
    token,
    staff_url: `${publicUrl}/hc-staff-registration?hcid=${harvestCenterId}&token=${token}`,
  };
}

/** GET /api/v1/harvest-centers/{id}/join-link/ */
export async function getJoinLink(deps: JoinRequestsDeps, actor: Actor, harvestCenterId: number) {
  await requireCenterJoins(deps.db, actor, harvestCenterId);
  return joinLinkJson(deps.publicUrl, harvestCenterId, await joinLinkTokenOf(deps.db, harvestCenterId));
}

/** POST /api/v1/harvest-centers/{id}/join-link/renew/: the old link stops working. */
export async function renewJoinLink(
  deps: JoinRequestsDeps,
  actor: Actor,
  harvestCenterId: number,
  context: RequestContext,
): Promise<TJoinLink> {
  await requireCenterJoins(deps.db, actor, harvestCenterId);
  if (!canDecideCenterJoins(actor, harvestCenterId)) throw forbidden(JOIN_DECIDED_BY_CENTER_MESSAGE);
  const token = await deps.db.transaction(async (tx) => {
    const renewed = await renewJoinLinkToken(tx, harvestCenterId);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'center_join.link_renewed',
      targetUserId: harvestCenterId,
    });
    return renewed;
  });
  return joinLinkJson(deps.publicUrl, harvestCenterId, token);
}

function statusFilter(status: TJoinStatus | 'all'): TJoinStatus | undefined {
  return status === 'all' ? undefined : status;
}

async function joinRequestPage(
  db: Db,
  filter: JoinRequestFilter,
  page: PageRequest,
): Promise<TJoinRequestPage> {
  const { count, rows } = await findJoinRequestPage(db, filter, page);
  return { count, results: rows.map(toJoinRequestJson) };
}

/** GET /api/v1/harvest-centers/{id}/join-requests/ */
export async function listCenterJoinRequests(
  db: Db,
  actor: Actor,
  harvestCenterId: number,
  query: PageRequest & { status: TJoinStatus | 'all' },
): Promise<TJoinRequestPage> {
  await requireCenterJoins(db, actor, harvestCenterId);
  return joinRequestPage(db, { harvestCenterId, status: statusFilter(query.status) }, query);
}

/** GET /api/admin/join-requests/: every center's requests within the admin's reach. */
export function listAdminJoinRequests(
  db: Db,
  actor: Actor,
  query: TAdminJoinRequestQuery,
): Promise<TJoinRequestPage> {
  if (!actor.isAdmin) throw forbidden();
  return joinRequestPage(
    db,
    {
      kind: query.kind,
      status: statusFilter(query.status),
      reach: (centerId) => inAdminReach(actor, centerId),
    },
    query,
  );
}

/**
 * POST /api/v1/join-requests/{id}/approve/ or …/decline/: the center (its own session) or an admin
 * decides a pending request; an approval makes the link, and the requester is told either way. A
 * request the caller may not see is 404, as if it did not exist.
 */
export async function decideCenterJoinRequest(
  deps: JoinRequestsDeps,
  actor: Actor,
  requestId: number,
  decision: 'approved' | 'declined',
  context: RequestContext,
): Promise<{ message: string; data: TJoinRequest }> {
  const seen = await findJoinRequest(deps.db, requestId);
  const visible =
    seen !== undefined &&
    canReadCenterJoins(actor, seen.harvestCenterId) &&
    (await adminReaches(deps.db, actor, seen.harvestCenterId));
  if (!seen || !visible) throw notFound('Request not found.');
  if (!canDecideCenterJoins(actor, seen.harvestCenterId)) throw forbidden(JOIN_DECIDED_BY_CENTER_MESSAGE);
  const decided = await deps.db.transaction(async (tx) => {
    const request = await findJoinRequest(tx, requestId, { forUpdate: true });
    if (!request || !(await decideJoinRequest(tx, request, decision, personOf(actor)))) {
      throw conflict(JOIN_ALREADY_DECIDED_MESSAGE);
    }
    await queueJoinDecidedMail(tx, request, decision, deps.publicUrl);
    await recordAudit(tx, identityOf(actor, context), {
      action: decision === 'approved' ? 'center_join.approved' : 'center_join.declined',
      targetUserId: request.requesterId,
      objectType: 'center_join_request',
      objectId: request.id,
      detail: { kind: request.kind, harvest_center_id: request.harvestCenterId },
    });
    return findJoinRequest(tx, requestId);
  });
  deps.wakeMail();
  return {
    message: decision === 'approved' ? JOIN_APPROVED_MESSAGE : JOIN_DECLINED_MESSAGE,
    data: toJoinRequestJson(decided!),
  };
}
