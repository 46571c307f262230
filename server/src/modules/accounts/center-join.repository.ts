import { randomBytes } from 'node:crypto';
import type { TJoinKind, TJoinStatus } from '@portal/shared/join-requests';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { findPage, type Page, type PageRequest, totalRows } from '../../db/paging.ts';
import { hcStaffLinks, rhcHcLinks } from '../../db/schema/account-links.ts';
import { centerJoinLinks, centerJoinRequests, users } from '../../db/schema/accounts.ts';

/** The join links and join requests of harvest centers, as stored (the rules: center-join.ts). */

/** 24 random bytes: 32 URL-safe characters, not guessable as the center's sequential id was. */
function newJoinToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The center's join-link token, made on first use. */
export async function joinLinkTokenOf(db: Db, harvestCenterId: number): Promise<string> {
  await db
    .insert(centerJoinLinks)
    .values({ harvestCenterId, token: newJoinToken() })
    .onConflictDoNothing({ target: centerJoinLinks.harvestCenterId });
  const [row] = await db
    .select({ token: centerJoinLinks.token })
    .from(centerJoinLinks)
    .where(eq(centerJoinLinks.harvestCenterId, harvestCenterId));
  return row.token;
}

/** A new token for the center's link: the old link stops working at once. */
export async function renewJoinLinkToken(db: Db, harvestCenterId: number): Promise<string> {
  const token = newJoinToken();
  await db
    .insert(centerJoinLinks)
    .values({ harvestCenterId, token })
    .onConflictDoUpdate({ target: centerJoinLinks.harvestCenterId, set: { token, createdAt: new Date() } });
  return token;
}

/** Whether `token` is the current join-link token of this active harvest center. */
export async function isJoinTokenOf(db: Db, harvestCenterId: number, token: string | undefined) {
  if (!token) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(centerJoinLinks)
    .innerJoin(users, eq(users.id, centerJoinLinks.harvestCenterId))
    .where(
      and(
        eq(centerJoinLinks.harvestCenterId, harvestCenterId),
        eq(centerJoinLinks.token, token),
        eq(users.membershipId, MEMBERSHIP.harvestCenter),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records a pending request to join; a repeated one stays as it is (undefined then). */
export async function createJoinRequest(
  db: Db,
  request: { kind: TJoinKind; requesterId: number; harvestCenterId: number },
): Promise<number | undefined> {
  const [row] = await db
    .insert(centerJoinRequests)
    .values(request)
    .onConflictDoNothing()
    .returning({ id: centerJoinRequests.id });
  return row?.id;
}

const requester = alias(users, 'join_requester');
const center = alias(users, 'join_center');

const joinRequestColumns = {
  id: centerJoinRequests.id,
  kind: centerJoinRequests.kind,
  status: centerJoinRequests.status,
  createdAt: centerJoinRequests.createdAt,
  decidedAt: centerJoinRequests.decidedAt,
  harvestCenterId: centerJoinRequests.harvestCenterId,
  harvestCenterCompany: center.company,
  harvestCenterEmail: center.email,
  requesterId: requester.id,
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  requesterEmail: requester.email,
  requesterCompany: requester.company,
  requesterPhone: requester.phoneNumber,
  requesterEmailConfirmedAt: requester.emailConfirmedAt,
};

function selectJoinRequests<T extends SelectedFields>(db: Db, extra: T) {
  return db
    .select({ ...joinRequestColumns, ...extra })
    .from(centerJoinRequests)
    .innerJoin(requester, eq(requester.id, centerJoinRequests.requesterId))
    .innerJoin(center, eq(center.id, centerJoinRequests.harvestCenterId));
}

export type JoinRequestRow = Awaited<ReturnType<typeof findJoinRequest>> & object;

/** One request with its requester and center; locked for the decision when asked. */
export async function findJoinRequest(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = selectJoinRequests(db, {}).where(eq(centerJoinRequests.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: centerJoinRequests }) : await query;
  return row;
}

export type JoinRequestFilter = {
  harvestCenterId?: number;
  kind?: TJoinKind;
  status?: TJoinStatus;
  /** The admin's reach over the center (scopes.repository.ts inAdminReach), as a condition on its id column. */
  reach?: (centerId: typeof centerJoinRequests.harvestCenterId) => SQL;
};

/** Requests by the filter, oldest pending first (the queue a center works through). */
export function findJoinRequestPage(
  db: Db,
  filter: JoinRequestFilter,
  page: PageRequest,
): Promise<Page<JoinRequestRow>> {
  return findPage(
    () =>
      selectJoinRequests(db, { totalRows })
        .where(
          and(
            filter.harvestCenterId === undefined
              ? undefined
              : eq(centerJoinRequests.harvestCenterId, filter.harvestCenterId),
            filter.kind ? eq(centerJoinRequests.kind, filter.kind) : undefined,
            filter.status ? eq(centerJoinRequests.status, filter.status) : undefined,
            filter.reach?.(centerJoinRequests.harvestCenterId),
          ),
        )
        .orderBy(asc(centerJoinRequests.createdAt), asc(centerJoinRequests.id)),
    page,
  );
}

/** A requester's own requests that are not (yet) links: what the staff dashboard says is waiting. */
export function findOpenJoinRequestsOf(db: Db, requesterId: number) {
  return selectJoinRequests(db, {})
    .where(
      and(
        eq(centerJoinRequests.requesterId, requesterId),
        inArray(centerJoinRequests.status, ['pending', 'declined']),
      ),
    )
    .orderBy(desc(centerJoinRequests.createdAt));
}

/**
 * Marks a pending request decided, in the caller's transaction; false when it was no longer pending
 * (decided meanwhile).
 */
export async function markJoinRequestDecided(
  db: Db,
  requestId: number,
  decision: 'approved' | 'declined',
  deciderId: number,
): Promise<boolean> {
  const decided = await db
    .update(centerJoinRequests)
    .set({ status: decision, decidedAt: new Date(), decidedBy: deciderId })
    .where(and(eq(centerJoinRequests.id, requestId), eq(centerJoinRequests.status, 'pending')))
    .returning({ id: centerJoinRequests.id });
  return decided.length > 0;
}

/**
 * An admin who links an account to centers directly (HC Staff Manager, RHC Manager) answers the
 * pending requests for those centers too.
 */
export async function approvePendingJoinRequests(
  db: Db,
  kind: TJoinKind,
  requesterId: number,
  harvestCenterIds: number[],
  deciderId: number,
): Promise<void> {
  if (harvestCenterIds.length === 0) return;
  await db
    .update(centerJoinRequests)
    .set({ status: 'approved', decidedAt: new Date(), decidedBy: deciderId })
    .where(
      and(
        eq(centerJoinRequests.kind, kind),
        eq(centerJoinRequests.requesterId, requesterId),
        inArray(centerJoinRequests.harvestCenterId, harvestCenterIds),
        eq(centerJoinRequests.status, 'pending'),
      ),
    );
}

/**
 * The harvest centers an account (`account`, a column of the outer query) works for, is associated
 * with or asked to join, by company (else e-mail), joined by ", "; null for none.
 */
export function linkedOrRequestedCentersText(account: AnyColumn): SQL<string | null> {
  return sql<string | null>`(
  SELECT string_agg(coalesce(nullif(lc.company, ''), lc.email), ', ' ORDER BY lc.company)
  FROM ${users} lc
  WHERE lc.id IN (
    SELECT ${hcStaffLinks.harvestCenterId} FROM ${hcStaffLinks} WHERE ${hcStaffLinks.staffId} = ${account}
    UNION
    SELECT ${rhcHcLinks.harvestCenterId} FROM ${rhcHcLinks} WHERE ${rhcHcLinks.rhcId} = ${account}
    UNION
    SELECT ${centerJoinRequests.harvestCenterId} FROM ${centerJoinRequests} WHERE ${centerJoinRequests.requesterId} = ${account}
  )
)`;
}
