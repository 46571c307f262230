import { SHIPPING_LABEL_TEXTS, type TLabelRequest } from '@portal/shared/shipping-labels';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { users } from '../src/db/schema/accounts.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { TINY_PDF } from './helpers/document-world.ts';
import { startFakeFedex } from './helpers/fake-fedex.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

const SHIP_TO = {
  name: 'Receiving',
  company: 'Lab One',
  phone: '5125550100',
  address1: '9 Lab Way',
  city: 'Austin',
  state_code: 'TX',
  zip: '78701',
  country_code: 'US',
};

let t: TestApp;
let w: ChainWorld;
let fedex: Awaited<ReturnType<typeof startFakeFedex>>;
beforeAll(async () => {
  fedex = await startFakeFedex(TINY_PDF);
  t = await buildTestApp({
    env: {
      FEDEX_CLIENT_ID: 'fedex-client',
      FEDEX_CLIENT_SECRET: 'fedex-secret',
      FEDEX_ACCOUNT_NUMBER: '740561073',
      FEDEX_API_URL: fedex.url,
      FEDEX_SHIP_TO: JSON.stringify(SHIP_TO),
    },
  });
  w = await createChainWorld(t.db);
  await t.db.update(users).set({ phoneNumber: '5125550142' }).where(eq(users.id, w.hcA.id));
});
afterAll(async () => {
  await t.close();
  await fedex.close();
});

type Who = Parameters<typeof injectAs>[1];

async function newRequest(): Promise<TLabelRequest> {
  const response = await injectAs(t.app, w.hcA, {
    method: 'POST',
    url: '/api/v1/fedex-requests/',
    payload: {
      harvest_center: w.hcA.id,
      harvest_center_email: 'shipping@alpha.test',
      harvest_center_representative: 'Rita Rep',
      patients_ids: String(w.patientA1.id),
      address1: '1 Main St',
      city: 'Austin',
      state_desc: 'TX',
      country_desc: 'United States',
      zip_code: '73301',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
const createLabel = (who: Who, id: number) =>
  injectAs(t.app, who, { method: 'POST', url: `/api/v1/fedex-requests/${id}/create-label/` });

describe('labels made by the carrier (a local fake of the FedEx Ship API)', () => {
  it('says the carrier is there, to admins', async () => {
    const status = await injectAs(t.app, w.admin, { method: 'GET', url: '/api/v1/fedex-requests/carrier/' });
    expect(status.json()).toEqual({ enabled: true, name: 'FedEx' });
    expect(
      (await injectAs(t.app, w.hcA, { method: 'GET', url: '/api/v1/fedex-requests/carrier/' })).statusCode,
    ).toBe(403);
  });

  it('creates the shipment from the request: label, tracking number and link saved; one token for both', async () => {
    const first = await newRequest();
    expect((await createLabel(w.hcA, first.id)).statusCode).toBe(403);
    const made = await createLabel(w.admin, first.id);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().message).toBe(SHIPPING_LABEL_TEXTS.labelCreated);
    const data: TLabelRequest = made.json().data;
    expect(data.tracking_number).toBe('794600000001');
    expect(data.tracking_link).toBe('https://www.fedex.com/fedextrack/?trknbr=794600000001');
    const label = await t.app.inject({ method: 'GET', url: data.pdf_file ?? '' });
    expect(Buffer.from(label.rawPayload).equals(Buffer.from(TINY_PDF))).toBe(true);

    const sent = fedex.shipments[0] as {
      accountNumber: { value: string };
      requestedShipment: {
        shipper: {
          contact: { phoneNumber: string };
          address: { postalCode: string; countryCode: string; streetLines: string[] };
        };
        recipients: { address: { postalCode: string } }[];
        labelSpecification: { imageType: string };
      };
    };
    expect(sent.accountNumber.value).toBe('740561073');
    // No doctor phone on the request: the center's own phone goes as the shipper's.
    expect(sent.requestedShipment.shipper.contact.phoneNumber).toBe('5125550142');
    expect(sent.requestedShipment.shipper.address).toMatchObject({
      postalCode: '73301',
      countryCode: 'US',
      streetLines: ['1 Main St'],
    });
    expect(sent.requestedShipment.recipients[0].address.postalCode).toBe('78701');
    expect(sent.requestedShipment.labelSpecification.imageType).toBe('PDF');

    const again = await createLabel(w.admin, first.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SHIPPING_LABEL_TEXTS.hasLabel);
    expect((await createLabel(w.admin, (await newRequest()).id)).statusCode).toBe(200);
    expect(fedex.state.tokens).toBe(1);
  });

  it('says why when FedEx refuses, and saves nothing', async () => {
    const request = await newRequest();
    fedex.state.refuseNext = true;
    const refused = await createLabel(w.admin, request.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe('FedEx refused the shipment: Invalid shipper postal code');
    const after = await injectAs(t.app, w.admin, {
      method: 'GET',
      url: `/api/v1/fedex-requests/${request.id}/`,
    });
    expect(after.json()).toMatchObject({ pdf_file: null, tracking_number: '' });
  });

  it('needs the account number and the lab address with the credentials', () => {
    expect(() => loadConfig({ FEDEX_CLIENT_ID: 'a', FEDEX_CLIENT_SECRET: 'b' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        FEDEX_CLIENT_ID: 'a',
        FEDEX_CLIENT_SECRET: 'b',
        FEDEX_ACCOUNT_NUMBER: '1',
        FEDEX_SHIP_TO: '{"name":1}',
      }),
    ).toThrow(/FEDEX_SHIP_TO/);
    expect(loadConfig({}).carrier).toBeNull();
  });
});
