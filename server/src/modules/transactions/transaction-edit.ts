import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import {
  TRANSACTION_TEXTS,
  type TTransactionPatchBody,
  type TTransactionRow,
} from '@portal/shared/transactions';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { salesTeamOfRep } from '../accounts/sales-chain.repository.ts';
import { commissionSharesAt } from './commission-rates.ts';
import {
  findMembershipOf,
  findProduct,
  findTransactionForUpdate,
  insertTransactionNote,
  updateTransactionRow,
} from './transaction-edit.repository.ts';
import { getTransaction } from './transaction-report.ts';

type Changes = Record<string, { from: unknown; to: unknown }>;

/** A party named in the edit must be an account of the right kind. */
async function assertAccountOf(
  db: Db,
  field: string,
  id: number | null,
  membershipId: MembershipId,
  label: string,
): Promise<void> {
  if (id === null) return;
  if ((await findMembershipOf(db, id)) !== membershipId) {
    throw badRequest(`Choose an existing ${label}.`, { [field]: `Choose an existing ${label}.` });
  }
}

/** The value a PATCH names, or the current one when it leaves the field out (null clears). */
function named<T>(value: T | undefined, current: T): T {
  return value === undefined ? current : value;
}

/**
 * An admin's edit of a transaction (part 2 §3 "Transaction edit payload"): the fields it names
 * change, the others stay (a PATCH); a note is required (§5); a new rep brings its manager and distributor as they are now; the commission shares are
 * recomputed at the transaction's own date when product, amount or team change; "commission paid"
 * pays or unpays every share. The row, its note and the audit entry are written in one database
 * transaction.
 */
export async function updateTransaction(
  db: Db,
  actor: Actor,
  id: number,
  body: TTransactionPatchBody,
  context: RequestContext,
): Promise<TTransactionRow> {
  if (!body.transaction_note) {
    throw badRequest(TRANSACTION_TEXTS.noChanges, { transaction_note: TRANSACTION_TEXTS.noChanges });
  }
  await db.transaction(async (tx) => {
    const current = await findTransactionForUpdate(tx, id);
    if (!current) throw notFound(TRANSACTION_TEXTS.notFound);
    // The product's name is kept as sold unless the edit names the product.
    let product = { id: current.productId, name: current.productName };
    if (body.product_id !== undefined) {
      const chosen = await findProduct(tx, body.product_id);
      if (!chosen)
        throw badRequest('Choose an existing product.', { product_id: 'Choose an existing product.' });
      product = chosen;
    }
    await assertAccountOf(
      tx,
      'harvest_center',
      body.harvest_center ?? null,
      MEMBERSHIP.harvestCenter,
      'harvest center',
    );
    await assertAccountOf(
      tx,
      'referral_harvest_center',
      body.referral_harvest_center ?? null,
      MEMBERSHIP.referralHarvestCenter,
      'referral harvest center',
    );
    await assertAccountOf(tx, 'patient', body.patient ?? null, MEMBERSHIP.patient, 'patient');
    await assertAccountOf(tx, 'sales_rep', body.sales_rep ?? null, MEMBERSHIP.salesRep, 'sales rep');

    const salesRepId = named(body.sales_rep, current.salesRepId);
    const team =
      salesRepId === current.salesRepId
        ? {
            salesRepId: current.salesRepId,
            salesManagerId: current.salesManagerId,
            salesDistributorId: current.salesDistributorId,
          }
        : await salesTeamOfRep(tx, salesRepId);
    const next = {
      productId: product.id,
      productName: product.name,
      quantity: named(body.quantity, current.quantity),
      amountCents: named(body.amount_cents ?? body.amount, current.amountCents),
      harvestCenterId: named(body.harvest_center, current.harvestCenterId),
      referralHarvestCenterId: named(body.referral_harvest_center, current.referralHarvestCenterId),
      patientId: named(body.patient, current.patientId),
      ...team,
    };
    const commissionPaid = named(body.commission_paid, current.commissionPaid);
    const changes: Changes = {};
    for (const [key, value] of Object.entries(next)) {
      const before = current[key as keyof typeof next];
      if (before !== value) changes[key] = { from: before, to: value };
    }
    const sharesChange = [
      'productId',
      'amountCents',
      'salesRepId',
      'salesManagerId',
      'salesDistributorId',
    ].some((key) => key in changes);
    const shares = sharesChange
      ? await commissionSharesAt(tx, { ...next, at: current.createdAt })
      : {
          repCommissionCents: current.repCommissionCents,
          managerCommissionCents: current.managerCommissionCents,
          distributorCommissionCents: current.distributorCommissionCents,
        };
    for (const [key, value] of Object.entries(shares)) {
      const before = current[key as keyof typeof shares];
      if (before !== value) changes[key] = { from: before, to: value };
    }
    let paidAt = {
      repCommissionPaidAt: current.repCommissionPaidAt,
      managerCommissionPaidAt: current.managerCommissionPaidAt,
      distributorCommissionPaidAt: current.distributorCommissionPaidAt,
    };
    if (commissionPaid !== current.commissionPaid) {
      changes.commissionPaid = { from: current.commissionPaid, to: commissionPaid };
      const now = new Date();
      paidAt = commissionPaid
        ? {
            repCommissionPaidAt: paidAt.repCommissionPaidAt ?? now,
            managerCommissionPaidAt: paidAt.managerCommissionPaidAt ?? now,
            distributorCommissionPaidAt: paidAt.distributorCommissionPaidAt ?? now,
          }
        : { repCommissionPaidAt: null, managerCommissionPaidAt: null, distributorCommissionPaidAt: null };
    }
    await updateTransactionRow(tx, id, { ...next, ...shares, ...paidAt, commissionPaid });
    await insertTransactionNote(tx, {
      transactionId: id,
      authorUserId: actor.id,
      note: body.transaction_note,
      changes,
    });
    await recordAudit(tx, identityOf(actor, context), {
      action: 'transaction.update',
      detail: { transaction_id: id, note: body.transaction_note, changes },
    });
  });
  return getTransaction(db, actor, id);
}
