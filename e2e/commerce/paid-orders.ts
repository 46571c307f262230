import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { SANDBOX_TEST_CARDS } from '../../shared/src/cards.ts';
import { PRODUCT } from '../../shared/src/products.ts';
import { type CreatedUser, createUser } from '../accounts/accounts-helpers.ts';
import { apiAs, unique } from '../support/fixtures.ts';

/** A checkout's billing and shipping address as the order form sends it. */
export const ORDER_ADDRESS = {
  company: 'Paid Order Clinic',
  address1: '1 Main Street',
  city: 'Austin',
  state: 'TX',
  country_desc: 'United States',
  zip_code: '73301',
};

/**
 * A new HC of the demo rep (a center pays only with a sales rep: the sale's team) with a new patient
 * whose processing fee the HC paid by card, with `couponCode` when given; all through the API.
 */
export async function centerWithPaidPatient(
  request: APIRequestContext,
  options: { couponCode?: string; patientFirstName?: string } = {},
): Promise<{ center: CreatedUser; patientId: number; patientName: string; invoiceId: number }> {
  const rep = await apiAs(request, 'rep');
  const center = await createUser(request, 'harvest-center', {
    acceptAgreement: true,
    salesRepId: rep.user.id,
  });
  const admin = await apiAs(request, 'admin');
  const firstName = options.patientFirstName ?? 'Lena';
  const patientLast = unique('Paid');
  const patient = await admin.post<{ data: { id: number } }>('/api/v1/patients/', {
    first_name: firstName,
    last_name: patientLast,
    email: `${patientLast.toLowerCase()}@e2e.example.com`,
    harvest_center_temporal: center.id,
  });
  const hc = await apiAs(request, { email: center.email, password: center.password });
  const opaque_data = await hc.post('/api/sandbox-gateway/tokens/', {
    full_name: 'Pat Payer',
    card_number: SANDBOX_TEST_CARDS.visa,
    expiration_date: `${new Date().getUTCFullYear() + 1}-03`,
    cvc: '123',
  });
  const paid = await hc.post<{ invoice_id: number }>('/api/v1/transactions/create-transaction/', {
    idempotency_key: randomUUID(),
    product_id: PRODUCT.processingFee,
    patient_id: patient.data.id,
    ...(options.couponCode ? { coupon_code: options.couponCode } : {}),
    addressInfo: ORDER_ADDRESS,
    shippingInfo: ORDER_ADDRESS,
    harvest_center_email: center.email,
    harvest_center_billing_email: center.email,
    credit_card: { full_name: 'Pat Payer', opaque_data },
  });
  return {
    center,
    patientId: patient.data.id,
    patientName: `${firstName} ${patientLast}`,
    invoiceId: paid.invoice_id,
  };
}
