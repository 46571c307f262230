import type { PaymentsConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { SandboxGateway } from './sandbox/sandbox-gateway.ts';

/** The configured gateway: the sandbox by default, Authorize.net when PAYMENT_GATEWAY says so. */
export async function createPaymentGateway(config: PaymentsConfig, db: Db): Promise<PaymentGateway> {
  if (config.gateway === 'authorizenet') {
    const { AuthorizeNetGateway } = await import('./authorizenet/authorizenet-gateway.ts');
    return new AuthorizeNetGateway(config);
  }
  return new SandboxGateway(db);
}
