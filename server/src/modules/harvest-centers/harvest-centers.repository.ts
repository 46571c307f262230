import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TCenterDesc } from '@portal/shared/patients';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { centerAccounts, patientAccounts, rhcHcLinks } from '../../db/schema/account-links.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import { type CenterAccountRow, centerAccountColumns, joinCenterAccount } from '../accounts/account-view.ts';

export type CenterKind = 'hc' | 'rhc';
export const CENTER_MEMBERSHIP: Record<CenterKind, number> = {
  hc: MEMBERSHIP.harvestCenter,
  rhc: MEMBERSHIP.referralHarvestCenter,
};

const rep = alias(users, 'hcx_rep');

const qb = new QueryBuilder();
const countedPatient = alias(patientAccounts, 'counted_patient');
const countedPatientUser = alias(users, 'counted_patient_user');

/** Active patients of an HC, or those referred by an RHC (both columns are indexed). */
function patientsCountSql(kind: CenterKind) {
  const center = kind === 'hc' ? countedPatient.harvestCenterId : countedPatient.referralHarvestCenterId;
  const patients = qb
    .select({ n: sql<number>`count(*)::int` })
    .from(countedPatient)
    .innerJoin(countedPatientUser, eq(countedPatientUser.id, countedPatient.userId))
    .where(and(eq(countedPatientUser.isActive, true), eq(center, users.id)));
  return sql<number>`(${patients})`.mapWith(Number);
}

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
    patientsCount: patientsCountSql(kind),
    totalRows,
  };
}

function selectCenters(db: Db, kind: CenterKind) {
  return joinCenterAccount(db.select(centerSelection(kind)).from(users).$dynamic())
    .leftJoin(rep, eq(rep.id, centerAccounts.salesRepId))
    .leftJoin(processingLabs, eq(processingLabs.id, centerAccounts.processingLabId));
}

/** Active centers of one kind, inside the caller's scope, matching a search over name, e-mail, company, phone. */
export function centerWhere(
  kind: CenterKind,
  scope: SQL,
  filters: { search?: string },
  constraint?: SQL,
): SQL {
  return and(
    eq(users.membershipId, CENTER_MEMBERSHIP[kind]),
    eq(users.isActive, true),
    scope,
    constraint,
    filters.search ? sql`${users.searchText} LIKE ${containsPattern(filters.search)}` : undefined,
  ) as SQL;
}

export async function findCenterPage(db: Db, kind: CenterKind, where: SQL, page: PageRequest) {
  return findPage(
    () => selectCenters(db, kind).where(where).orderBy(asc(users.company), asc(users.id)),
    page,
  ) as Promise<{ count: number; rows: CenterRow[] }>;
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
        salesRepId: centerAccounts.salesRepId,
      })
      .from(users)
      .$dynamic(),
  )
    .where(where)
    .orderBy(asc(users.company), asc(users.id))
    .limit(limit);
}

/** The HCs each RHC is associated with (one query for a page of RHCs). */
export async function findAssociatedHarvestCenters(
  db: Db,
  rhcIds: number[],
): Promise<Map<number, TCenterDesc[]>> {
  const byRhc = new Map<number, TCenterDesc[]>(rhcIds.map((id) => [id, []]));
  if (rhcIds.length === 0) return byRhc;
  const rows = await db
    .select({
      rhcId: rhcHcLinks.rhcId,
      id: users.id,
      company: users.company,
      email: users.email,
      templateId: users.templateId,
    })
    .from(rhcHcLinks)
    .innerJoin(users, eq(users.id, rhcHcLinks.harvestCenterId))
    .where(inArray(rhcHcLinks.rhcId, rhcIds))
    .orderBy(asc(users.company), asc(users.id));
  for (const r of rows) {
    byRhc.get(r.rhcId)?.push({ id: r.id, company: r.company, email: r.email, template_id: r.templateId });
  }
  return byRhc;
}

/** A page of RHCs (id and company) for the RHC Manager, ordered like the other center lists. */
export async function findRhcIdPage(db: Db, where: SQL, page: PageRequest) {
  return findPage(
    () =>
      db
        .select({ id: users.id, company: users.company, totalRows })
        .from(users)
        // The scopes read the center's row (its rep, its domain's reach).
        .innerJoin(centerAccounts, eq(centerAccounts.userId, users.id))
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
