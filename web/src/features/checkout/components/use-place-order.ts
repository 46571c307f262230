import type { TSessionUser } from '@portal/shared/auth';
import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cardForTokenizer } from '../../../components/payment/card-fields.tsx';
import { tokenizeCard } from '../../../components/payment/payment-api.ts';
import { NEW_CARD } from '../../../components/payment/saved-card-choice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { submitCheckout } from '../api/checkout-api.ts';
import type { CheckoutDraft } from './checkout-draft.ts';
import { type CheckoutRules, checkoutBody, checkoutEndpoint } from './checkout-order.ts';

export type OrderPhase =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'success'; invoiceId: number | null; totalCents: number | null }
  | { kind: 'failure'; title: string; body: string };

/**
 * Sends a checked order: a new card is tokenized first, then the order goes under the form's
 * idempotency key (a repeated submit never charges twice; a new key once the order was answered).
 * `phase` says how it went, for the dialogs.
 */
export function usePlaceOrder({ onCouponRefused }: { onCouponRefused: (reason: string) => void }) {
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [phase, setPhase] = useState<OrderPhase>({ kind: 'idle' });

  async function place(order: {
    draft: CheckoutDraft;
    rules: CheckoutRules;
    user: TSessionUser;
    totalCents: number;
  }) {
    const { draft, totalCents } = order;
    setPhase({ kind: 'processing' });
    try {
      const opaqueData =
        draft.payment === NEW_CARD && totalCents > 0
          ? await tokenizeCard(cardForTokenizer(draft.card))
          : null;
      const body = checkoutBody({ ...order, idempotencyKey, opaqueData });
      const answer = await submitCheckout(checkoutEndpoint(body, order.rules), body);
      setIdempotencyKey(crypto.randomUUID());
      if (answer.code === 'success') {
        setPhase({ kind: 'success', invoiceId: answer.invoice_id, totalCents: answer.total_amount_cents });
        void queryClient.invalidateQueries({ queryKey: ['checkout', 'history'] });
      } else {
        setPhase({ kind: 'failure', title: answer.message, body: answer.error_message });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        // Refused before any charge: the same order may be sent again with a new key.
        setIdempotencyKey(crypto.randomUUID());
        // A coupon refused at checkout (used up meanwhile…) gets its red mark and its reason too.
        const couponReason = error.fieldErrors.coupon_code;
        if (couponReason) onCouponRefused(couponReason);
        const details = Object.values(error.fieldErrors)
          .filter((text) => text !== error.message)
          .join(' ');
        setPhase({
          kind: 'failure',
          title: CHECKOUT_TEXTS.failedTitle,
          body: [error.message, details].filter(Boolean).join(' '),
        });
      } else {
        setPhase({
          kind: 'failure',
          title: CHECKOUT_TEXTS.failedTitle,
          body: error instanceof Error ? error.message : 'The order could not be sent. Please try again.',
        });
      }
    }
  }

  return { phase, place, dismissFailure: () => setPhase({ kind: 'idle' }) };
}
