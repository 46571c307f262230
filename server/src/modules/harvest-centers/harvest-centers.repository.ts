import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  findPage,
  offsetOf,
  type PagedShape,
  type PageRequest,
  pagedBy,
  totalRows,
} from '../../db/paging.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import {
  type CenterAccountRow,
  centerAccountColumns,
  joinCenterAccount,
} from '../accounts/account-view.repository.ts';
import { activePatientsCountOf } from '../accounts/center-links.repository.ts';
import { type ScopeActor, scopeActorOf } from '../accounts/roles.ts';
import { harvestCenterScope, referralCenterScope } from '../accounts/scopes.repository.ts';

export type CenterKind = 'hc' | 'rhc';
export const CENTER_MEMBERSHIP: Record<CenterKind, number> = {
  hc: MEMBERSHIP.harvestCenter,
  rhc: MEMBERSHIP.referralHarvestCenter,
};

const rep = alias(users, 'hcx_rep');

export type CenterRow = {
  center: CenterAccountRow;
  repFirstName: string | null;
  repLastName: string | null;
  repEmail: string | null;
  labName: string | null;
  patientsCount: number;
};

function centerSelection(kind: CenterKind) {
  return {
    center: centerAccountColumns,
    repFirstName: rep.firstName,
    repLastName: rep.lastName,
    repEmail: rep.email,
    labName: processingLabs.name,
    patientsCount: activePatientsCountOf(kind, users.id),
    totalRows,
  };
}

function selectCenters(db: Db, kind: CenterKind) {
  return joinCenterAccount(db.select(centerSelection(kind)).from(users).$dynamic())
    .leftJoin(rep, eq(rep.id, centerAccountColumns.salesRepId))
    .leftJoin(processingLabs, eq(processingLabs.id, centerAccountColumns.processingLabId));
}

/** What narrows a center list beyond the caller's scope: a rep's centers, a lab's. */
export type CenterNarrowing = { salesRepId?: number; processingLabId?: number };

/** Active centers of one kind, matching a search over name, e-mail, company, phone and the narrowing. */
function activeCentersWhere(
  kind: CenterKind,
  filters: { search?: string } & CenterNarrowing,
  scope?: SQL,
): SQL {
  return and(
    eq(users.membershipId, CENTER_MEMBERSHIP[kind]),
    eq(users.isActive, true),
    scope,
    filters.salesRepId === undefined ? undefined : eq(centerAccountColumns.salesRepId, filters.salesRepId),
    filters.processingLabId === undefined
      ? undefined
      : eq(centerAccountColumns.processingLabId, filters.processingLabId),
    filters.search ? sql`${users.searchText} LIKE ${containsPattern(filters.search)}` : undefined,
  ) as SQL;
}

/** The active centers of one kind the caller sees, searched and narrowed. */
export function visibleCentersWhere(
  kind: CenterKind,
  actor: ScopeActor,
  filters: { search?: string } & CenterNarrowing,
): SQL {
  return activeCentersWhere(
    kind,
    filters,
    kind === 'hc' ? harvestCenterScope(actor) : referralCenterScope(actor),
  );
}

/** The active HCs of one sales rep, whoever asks (the public sign-up pickers). */
export function harvestCentersOfRepWhere(repId: number): SQL {
  return activeCentersWhere('hc', { salesRepId: repId });
}

type CenterPageShape = {
  kind: CenterKind;
  actor: ScopeActor;
  filters: { search?: string } & CenterNarrowing;
};

/** A page of centers by company, built once per kind, caller's scope and filters. */
const selectCenterPage = preparedQuery((db: Db, shape: CenterPageShape & PagedShape) =>
  selectCenters(db, shape.kind)
    .where(visibleCentersWhere(shape.kind, shape.actor, shape.filters))
    .orderBy(asc(users.company), asc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(offsetOf(shape)),
);

/** One page of the active centers of one kind the caller sees, searched and narrowed. */
export async function findCenterPage(
  db: Db,
  kind: CenterKind,
  actor: ScopeActor,
  filters: CenterPageShape['filters'],
  page: PageRequest,
) {
  const shape = { kind, actor: scopeActorOf(actor), filters };
  return findPage(
    () => pagedBy((values, paging) => selectCenterPage(db, { ...shape, ...paging }, values)),
    page,
  ) as Promise<{
    count: number;
    rows: CenterRow[];
  }>;
}

export async function findCenterRow(db: Db, kind: CenterKind, id: number): Promise<CenterRow | undefined> {
  const [row] = await selectCenters(db, kind)
    .where(and(eq(users.id, id), eq(users.membershipId, CENTER_MEMBERSHIP[kind])))
    .limit(1);
  return row as CenterRow | undefined;
}

export async function findCenterOptions(db: Db, where: SQL, limit: number) {
  return joinCenterAccount(
    db
      .select({
        id: users.id,
        company: users.company,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        salesRepId: centerAccountColumns.salesRepId,
      })
      .from(users)
      .$dynamic(),
  )
    .where(where)
    .orderBy(asc(users.company), asc(users.id))
    .limit(limit);
}

/** A page of RHCs (id and company) for the RHC Manager, ordered like the other center lists. */
export async function findRhcIdPage(db: Db, where: SQL, page: PageRequest) {
  return findPage(
    () =>
      // The scopes read the center's row (its rep, its domain's reach).
      joinCenterAccount(db.select({ id: users.id, company: users.company, totalRows }).from(users).$dynamic())
        .where(where)
        .orderBy(asc(users.company), asc(users.id)),
    page,
  );
}

export async function findRhcDesc(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, company: users.company })
    .from(users)
    .where(and(eq(users.id, id), eq(users.membershipId, MEMBERSHIP.referralHarvestCenter)))
    .limit(1);
  return row;
}
