import { z } from 'zod';

/**
 * Whether the portal's card payments move money (GET /api/payment-mode/, public): the sandbox
 * gateway and Authorize.net's sandbox do not, and then every page says so (docs/decisions/030).
 */
export const ZPaymentMode = z.object({ test_payments: z.boolean() });
export type TPaymentMode = z.infer<typeof ZPaymentMode>;
