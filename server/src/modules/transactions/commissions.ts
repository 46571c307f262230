import {
  COMMISSION_TEXTS,
  type CommissionLevel,
  lastTwelveMonths,
  type TCommissionLine,
  type TCommissionPeriod,
  type TCommissionSummary,
  type TMarkCommissionsPaidBody,
} from '@portal/shared/commissions';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { badRequest, forbidden } from '../../errors/app-error.ts';
import { inAdminReach } from '../accounts/scopes.ts';
import { whereConditions } from './transaction-counts.ts';
import { transactionFilterWhere } from './transaction-filters.ts';

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
 * The commission lines a caller sees, by level: admins every line; a rep its own; a manager its
 * own and its reps' on the sales it headed; a distributor its own and its managers' and reps'.
 */
function visibleLevels(actor: Actor): { level: CommissionLevel; scope: SQL | undefined }[] {
  if (actor.isAdmin) {
    const scope = actor.domainId === null ? undefined : inAdminReach(actor, t.buyerUserId);
    return (['rep', 'manager', 'distributor'] as const).map((level) => ({ level, scope }));
  }
  switch (actor.membershipId) {
    case MEMBERSHIP.salesRep:
      return [{ level: 'rep', scope: eq(t.salesRepId, actor.id) }];
    case MEMBERSHIP.salesManager:
      return (['rep', 'manager'] as const).map((level) => ({ level, scope: eq(t.salesManagerId, actor.id) }));
    case MEMBERSHIP.salesDistributor:
      return (['rep', 'manager', 'distributor'] as const).map((level) => ({
        level,
        scope: eq(t.salesDistributorId, actor.id),
      }));
    default:
      throw forbidden();
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

/** Totals per person and level over the period, paid and unpaid, and the last 12 months for the chart. */
export async function commissionSummary(
  db: Db,
  actor: Actor,
  period: TCommissionPeriod,
  now: Date = new Date(),
): Promise<TCommissionSummary> {
  const lines: TCommissionLine[] = [];
  const months = lastTwelveMonths(now);
  const byMonth = new Map(months.map((month) => [month, { month, paid_cents: 0, unpaid_cents: 0 }]));
  const chartStart = new Date(`${months[0]}-01T00:00:00.000Z`);
  for (const { level, scope } of visibleLevels(actor)) {
    const columns = LEVEL_COLUMNS[level];
    const rows = await db
      .select({
        userId: columns.person,
        transactions: sql<number>`count(*)`.mapWith(Number),
        paid: paidSum(columns.share, columns.paidAt),
        unpaid: unpaidSum(columns.share, columns.paidAt),
      })
      .from(t)
      .where(and(scope, isNotNull(columns.person), ...periodConditions(period)))
      .groupBy(columns.person);
    for (const row of rows) {
      lines.push({
        level,
        user_id: Number(row.userId),
        name: '',
        transactions: row.transactions,
        paid_cents: row.paid,
        unpaid_cents: row.unpaid,
      });
    }
    const month = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const monthly = await db
      .select({
        month,
        paid: paidSum(columns.share, columns.paidAt),
        unpaid: unpaidSum(columns.share, columns.paidAt),
      })
      .from(t)
      .where(and(scope, isNotNull(columns.person), gte(t.createdAt, chartStart)))
      .groupBy(month);
    for (const row of monthly) {
      const entry = byMonth.get(row.month);
      if (!entry) continue;
      entry.paid_cents += row.paid;
      entry.unpaid_cents += row.unpaid;
    }
  }
  const ids = [...new Set(lines.map((line) => line.user_id))];
  const names = ids.length
    ? await db
        .select({
          id: users.id,
          name: sql<string>`coalesce(${personNameSql(users)}, ${users.email})`,
        })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  for (const line of lines) line.name = nameOf.get(line.user_id) ?? `#${line.user_id}`;
  lines.sort(
    (a, b) => b.unpaid_cents + b.paid_cents - (a.unpaid_cents + a.paid_cents) || a.user_id - b.user_id,
  );
  return {
    lines,
    totals: {
      paid_cents: lines.reduce((sum, line) => sum + line.paid_cents, 0),
      unpaid_cents: lines.reduce((sum, line) => sum + line.unpaid_cents, 0),
    },
    months: [...byMonth.values()],
  };
}

/**
 * Admins pay the selected lines of a period in one action: each share of those people at those
 * levels not yet paid is marked paid, a transaction whose every share is paid becomes "commission
 * paid", and the audit log records the selection and the amount. One database transaction.
 */
export async function markCommissionsPaid(
  db: Db,
  actor: Actor,
  body: TMarkCommissionsPaidBody,
  context: RequestContext,
): Promise<{ message: string; shares_paid: number; paid_cents: number }> {
  const now = new Date();
  const period = periodConditions(body);
  const result = await db.transaction(async (tx) => {
    let sharesPaid = 0;
    let paidCents = 0;
    for (const line of body.lines) {
      const columns = LEVEL_COLUMNS[line.level];
      const everyOtherSharePaid = (['rep', 'manager', 'distributor'] as const)
        .filter((level) => level !== line.level)
        .map(
          (level) =>
            sql`(${LEVEL_COLUMNS[level].person} is null or ${LEVEL_COLUMNS[level].paidAt} is not null)`,
        );
      const updated = await tx
        .update(t)
        .set({ [columns.paidAtKey]: now, commissionPaid: sql`${sql.join(everyOtherSharePaid, sql` and `)}` })
        .where(and(eq(columns.person, line.user_id), isNull(columns.paidAt), ...period))
        .returning({ share: columns.share });
      sharesPaid += updated.length;
      paidCents += updated.reduce((sum, row) => sum + Number(row.share), 0);
    }
    if (sharesPaid === 0) throw badRequest(COMMISSION_TEXTS.nothingToPay);
    await recordAudit(tx, {
      action: 'commissions.mark_paid',
      actorUserId: actor.id,
      ip: context.ip,
      detail: { ...body, shares_paid: sharesPaid, paid_cents: paidCents },
    });
    return { shares_paid: sharesPaid, paid_cents: paidCents };
  });
  return { message: COMMISSION_TEXTS.markedPaid, ...result };
}
