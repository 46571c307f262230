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
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../errors/app-error.ts';
import {
  type CommissionScope,
  findPersonNames,
  markSharesPaid,
  sumSharesByMonth,
  sumSharesByPerson,
} from './commission.repository.ts';

/**
 * The commission lines a caller sees, by level: admins every line; a rep its own; a manager its
 * own and its reps' on the sales it headed; a distributor its own and its managers' and reps'.
 */
function visibleLevels(actor: Actor): { level: CommissionLevel; scope: CommissionScope }[] {
  if (actor.isAdmin) {
    // A white-label admin: the sales its domain's accounts paid for (docs/decisions/023).
    const scope: CommissionScope =
      actor.domainId === null ? { kind: 'every' } : { kind: 'paid-in-domain', admin: actor };
    return (['rep', 'manager', 'distributor'] as const).map((level) => ({ level, scope }));
  }
  switch (actor.membershipId) {
    case MEMBERSHIP.salesRep:
      return [{ level: 'rep', scope: { kind: 'headed-by', level: 'rep', id: actor.id } }];
    case MEMBERSHIP.salesManager:
      return (['rep', 'manager'] as const).map((level) => ({
        level,
        scope: { kind: 'headed-by', level: 'manager', id: actor.id },
      }));
    case MEMBERSHIP.salesDistributor:
      return (['rep', 'manager', 'distributor'] as const).map((level) => ({
        level,
        scope: { kind: 'headed-by', level: 'distributor', id: actor.id },
      }));
    default:
      throw forbidden();
  }
}

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
    const rows = await sumSharesByPerson(db, level, scope, period);
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
    const monthly = await sumSharesByMonth(db, level, scope, chartStart);
    for (const row of monthly) {
      const entry = byMonth.get(row.month);
      if (!entry) continue;
      entry.paid_cents += row.paid;
      entry.unpaid_cents += row.unpaid;
    }
  }
  const nameOf = await findPersonNames(db, [...new Set(lines.map((line) => line.user_id))]);
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
  const result = await db.transaction(async (tx) => {
    let sharesPaid = 0;
    let paidCents = 0;
    for (const line of body.lines) {
      const paid = await markSharesPaid(tx, { level: line.level, userId: line.user_id }, body, now);
      sharesPaid += paid.length;
      paidCents += paid.reduce((sum, share) => sum + share, 0);
    }
    if (sharesPaid === 0) throw badRequest(COMMISSION_TEXTS.nothingToPay);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'commissions.mark_paid',
      detail: { ...body, shares_paid: sharesPaid, paid_cents: paidCents },
    });
    return { shares_paid: sharesPaid, paid_cents: paidCents };
  });
  return { message: COMMISSION_TEXTS.markedPaid, ...result };
}
