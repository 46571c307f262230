import { ZPaymentMode } from '@portal/shared/payment-mode';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentsConfig } from '../../config/env.ts';
import { isTestPayments } from '../../payment-gateways/payment-mode.ts';

/** Whether payments are tests: every page asks, signed in or not, to show the "Test payments" banner. */
export function paymentModeRoutes(config: PaymentsConfig): FastifyPluginAsyncZod {
  const mode = { test_payments: isTestPayments(config) };
  return async (app) => {
    app.get(
      '/api/payment-mode/',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Whether card payments are tests (no money moves): the web app then shows a banner',
          response: { 200: ZPaymentMode },
        },
      },
      async () => mode,
    );
  };
}
