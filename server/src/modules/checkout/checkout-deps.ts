import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/access.ts';
import type { PaymentGateway } from '../../payments/payment-gateway.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

export type CheckoutOrigin = { ip: string | null; userAgent: string | null };

/**
 * Sends the patient's three agreements for signature inside the checkout's transaction (`tx`). The
 * documents module provides it; app.ts wires it (a domain module does not import another).
 */
export type RequestPatientAgreements = (
  tx: Db,
  actor: Actor,
  request: { harvestCenterId: number; patientId: number; name: string; email: string },
  origin: CheckoutOrigin,
) => Promise<void>;

export type CheckoutDeps = {
  db: Db;
  gateway: PaymentGateway;
  storage: FileStorage;
  publicUrl: string;
  requestPatientAgreements: RequestPatientAgreements;
  /** Sends queued mail now rather than at the worker's next poll. */
  wakeMail(): void;
  log: { error(obj: unknown, msg: string): void };
};
