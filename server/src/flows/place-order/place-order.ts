import type { TCheckoutOrder } from '@portal/shared/checkout';
import { identityOf } from '../../audit-chain/audit-log.ts';
import type { Actor } from '../../auth/actor.ts';
import type { CheckoutAnswer } from '../../modules/checkout/checkout-attempts.ts';
import type { CheckoutChannel, CheckoutOrigin } from '../../modules/checkout/prepare-order.ts';
import { runFlow } from '../steps.ts';
import {
  chargeCard,
  checkOrder,
  claimOrderKey,
  findBuyer,
  keepDecline,
  type PlaceOrderDeps,
  prepareNewPatientAgreements,
  recordOrder,
  reserveCoupon,
  sendReceipt,
  wakeMailWorker,
} from './place-order.steps.ts';

/**
 * Placing an order (part 2 §4), for the three checkout doors. A declined card answers 402, keeps no
 * transaction, uses no invoice number and gives the coupon use back; a record that cannot be written
 * voids the charge. The files and the charge are made outside the order's database transaction.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  actor: Actor,
  order: TCheckoutOrder,
  channel: CheckoutChannel,
  origin: CheckoutOrigin,
): Promise<CheckoutAnswer> {
  const { db } = deps;
  return runFlow(deps.log, async (run) => {
    const buyer = await run(findBuyer, { db, actor });
    const claim = await run(claimOrderKey, { db, userId: buyer.userId, order });
    if ('replay' in claim) return claim.replay;
    const attempt = { deps, attemptId: claim.attemptId };

    const by = identityOf(actor, origin);
    const prepared = await run(checkOrder, { db, buyer, order, channel, by });
    if (prepared.couponId !== null) await run(reserveCoupon, { ...attempt, couponId: prepared.couponId });
    const charge = prepared.source ? await run(chargeCard, { ...attempt, prepared, order }) : null;
    if (charge && !charge.approved) return run(keepDecline, { ...attempt, reason: charge.message });

    const wantsAgreements = order.create_patient && order.required_signature;
    const agreements =
      wantsAgreements && prepared.harvestCenterId !== null
        ? await run(prepareNewPatientAgreements, {
            ...attempt,
            harvestCenterId: prepared.harvestCenterId,
            signer: { name: `${order.first_name} ${order.last_name}`, email: order.email },
          })
        : null;
    const recorded = await run(recordOrder, {
      ...attempt,
      actor,
      order,
      prepared,
      charge,
      agreements,
      origin,
    });

    // Past this point the order is paid and recorded: nothing above is undone any more.

    await run.afterCommit(sendReceipt, { deps, recorded, prepared });
    await run.afterCommit(wakeMailWorker, deps);
    return recorded.answer;
  });
}
