import type { CommissionLevel, TCommissionPeriod } from '@portal/shared/commissions';
import { and, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactions } from '../../db/schema/commerce.ts';
import type { ScopeActor } from '../accounts/roles.ts';
import { inAdminReach } from '../accounts/scopes.repository.ts';
import { whereConditions } from './transaction-counts.repository.ts';
import { transactionFilterWhere } from './transaction-filters.repository.ts';

const t = transactions;

/** Each level's person, share and paid time on a transaction. */
const LEVEL_COLUMNS: Record<
  CommissionLevel,
  { person: AnyPgColumn; share: AnyPgColumn; paidAt: AnyPgColumn; paidAtKey: string }
> = {
  rep: {
    person: t.salesRepId,
    share: t.repCommissionCents,
    paidAt: t.repCommissionPaidAt,
    paidAtKey: 'repCommissionPaidAt',
  },
  manager: {
    person: t.salesManagerId,
    share: t.managerCommissionCents,
    paidAt: t.managerCommissionPaidAt,
    paidAtKey: 'managerCommissionPaidAt',
  },
  distributor: {
    person: t.salesDistributorId,
    share: t.distributorCommissionCents,
    paidAt: t.distributorCommissionPaidAt,
    paidAtKey: 'distributorCommissionPaidAt',
  },
};

/**
 * Which sales a commission query reads: every one; those a white-label domain's accounts paid for;
 * those one member headed at a level (its rep, manager or distributor column names it).
 */
export type CommissionScope =
  | { kind: 'every' }
  | { kind: 'paid-in-domain'; admin: ScopeActor }
  | { kind: 'headed-by'; level: CommissionLevel; id: number };

function scopeCondition(scope: CommissionScope): SQL | undefined {
  switch (scope.kind) {
    case 'every':
      return undefined;
    case 'paid-in-domain':
      return inAdminReach(scope.admin, t.buyerUserId);
    case 'headed-by':
      return eq(LEVEL_COLUMNS[scope.level].person, scope.id);
  }
}

function periodConditions(period: TCommissionPeriod): SQL[] {
  return whereConditions(
    transactionFilterWhere({ date_after: period.date_after, date_before: period.date_before }),
  );
}

const paidSum = (share: AnyPgColumn, paidAt: AnyPgColumn) =>
  sql<number>`coalesce(sum(${share}) filter (where ${paidAt} is not null), 0)`.mapWith(Number);
const unpaidSum = (share: AnyPgColumn, paidAt: AnyPgColumn) =>
  sql<number>`coalesce(sum(${share}) filter (where ${paidAt} is null), 0)`.mapWith(Number);

/** Per person at one level over the period: how many sales, and the shares paid and unpaid. */
export function sumSharesByPerson(
  db: Db,
  level: CommissionLevel,
  scope: CommissionScope,
  period: TCommissionPeriod,
) {
  const columns = LEVEL_COLUMNS[level];
  return db
    .select({
      userId: columns.person,
      transactions: sql<number>`count(*)`.mapWith(Number),
      paid: paidSum(columns.share, columns.paidAt),
      unpaid: unpaidSum(columns.share, columns.paidAt),
    })
    .from(t)
    .where(and(scopeCondition(scope), isNotNull(columns.person), ...periodConditions(period)))
    .groupBy(columns.person);
}

/** Per month (UTC, 'YYYY-MM') since `since`, the shares at one level paid and unpaid. */
export function sumSharesByMonth(db: Db, level: CommissionLevel, scope: CommissionScope, since: Date) {
  const columns = LEVEL_COLUMNS[level];
  const month = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({
      month,
      paid: paidSum(columns.share, columns.paidAt),
      unpaid: unpaidSum(columns.share, columns.paidAt),
    })
    .from(t)
    .where(and(scopeCondition(scope), isNotNull(columns.person), gte(t.createdAt, since)))
    .groupBy(month);
}

/** The names of these accounts (the person's name, else the e-mail), by id. */
export async function findPersonNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${personNameSql(users)}, ${users.email})`,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Marks paid, at `now`, each share of one person at one level over the period not yet paid; a
 * transaction whose every share is then paid becomes "commission paid". Answers the amounts paid.
 */
export async function markSharesPaid(
  db: Db,
  line: { level: CommissionLevel; userId: number },
  period: TCommissionPeriod,
  now: Date,
): Promise<number[]> {
  const columns = LEVEL_COLUMNS[line.level];
  const everyOtherSharePaid = (['rep', 'manager', 'distributor'] as const)
    .filter((level) => level !== line.level)
    .map(
      (level) => sql`(${LEVEL_COLUMNS[level].person} is null or ${LEVEL_COLUMNS[level].paidAt} is not null)`,
    );
  const updated = await db
    .update(t)
    .set({ [columns.paidAtKey]: now, commissionPaid: sql`${sql.join(everyOtherSharePaid, sql` and `)}` })
    .where(and(eq(columns.person, line.userId), isNull(columns.paidAt), ...periodConditions(period)))
    .returning({ share: columns.share });
  return updated.map((row) => Number(row.share));
}
