import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayUnavailableError } from '../payment-gateway.ts';
import { AuthorizeNetGateway } from './authorizenet-gateway.ts';

/**
 * A local fake of Authorize.net's JSON API: answers each request type as the real one does (with
 * the byte-order mark its answers start with), and keeps the requests for the assertions.
 */
type Answer = (body: Record<string, Record<string, unknown>>) => unknown;
const requests: Record<string, Record<string, unknown>>[] = [];
let answer: Answer = () => ({});
let server: http.Server;
let gateway: AuthorizeNetGateway;

const ok = (extra: object = {}) => ({
  ...extra,
  messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
});
const error = (code: string, text: string, extra: object = {}) => ({
  ...extra,
  messages: { resultCode: 'Error', message: [{ code, text }] },
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push(body);
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(`\uFEFF${JSON.stringify(answer(body))}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  gateway = new AuthorizeNetGateway({
    gateway: 'authorizenet',
    apiLoginId: 'login-id',
    transactionKey: 'transaction-key',
    clientKey: 'client-key',
    apiUrl: `http://127.0.0.1:${port}/xml/v1/request.api`,
    acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
    environment: 'sandbox',
    acceptJsApiOrigin: 'https://apitest.authorize.net',
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const token = { data_descriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', data_value: 'eyJ0b2tlbiI6' };

describe('the Authorize.net adapter (against a local fake of its JSON API)', () => {
  it('tells the browser how to load Accept.js with the public client key only', () => {
    expect(gateway.tokenizerConfig()).toEqual({
      gateway: 'authorizenet',
      accept_js_url: 'https://jstest.authorize.net/v1/Accept.js',
      api_login_id: 'login-id',
      client_key: 'client-key',
    });
  });

  it('creates a customer profile, and a payment profile from opaque data, reading the card back', async () => {
    answer = (body) => {
      if (body.createCustomerProfileRequest) return ok({ customerProfileId: '500001' });
      if (body.createCustomerPaymentProfileRequest) return ok({ customerPaymentProfileId: '600001' });
      return ok({
        paymentProfile: {
          payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: '2030-04', cardType: 'Visa' } },
        },
      });
    };
    const { customerProfileId } = await gateway.createCustomerProfile({
      userId: 7,
      email: 'hc@example.test',
      description: 'Clinic',
    });
    expect(customerProfileId).toBe('500001');
    const saved = await gateway.createPaymentProfile({
      customerProfileId,
      opaqueData: token,
      cardHolder: 'Hana Center',
    });
    expect(saved).toEqual({
      ok: true,
      paymentProfileId: '600001',
      card: { brand: 'Visa', last4: '1111', expiration: '2030-04', holder: 'Hana Center' },
    });
    const create = requests.find(
      (r) => r.createCustomerPaymentProfileRequest,
    )?.createCustomerPaymentProfileRequest;
    expect(create).toMatchObject({
      merchantAuthentication: { name: 'login-id', transactionKey: 'transaction-key' },
      customerProfileId: '500001',
      paymentProfile: {
        payment: { opaqueData: { dataDescriptor: token.data_descriptor, dataValue: token.data_value } },
      },
      validationMode: 'liveMode',
    });
  });

  it('charges in dollars with two decimals and answers the card it charged', async () => {
    answer = () =>
      ok({
        transactionResponse: {
          responseCode: '1',
          authCode: 'A1B2C3',
          transId: '40000001',
          accountNumber: 'XXXX4444',
          accountType: 'MasterCard',
        },
      });
    const result = await gateway.charge({
      amountCents: 350_050,
      orderReference: 'order-1',
      description: 'Harvest Center Processing Fee',
      source: { kind: 'profile', customerProfileId: '500001', paymentProfileId: '600001' },
    });
    expect(result).toMatchObject({
      approved: true,
      gatewayTransactionId: '40000001',
      card: { brand: 'MasterCard', last4: '4444' },
    });
    const sent = requests.at(-1)?.createTransactionRequest as
      | { transactionRequest: Record<string, unknown> }
      | undefined;
    expect(sent?.transactionRequest).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '3500.50',
      profile: { customerProfileId: '500001', paymentProfile: { paymentProfileId: '600001' } },
      order: { invoiceNumber: 'order-1' },
    });
    // Their schema fixes the order of the elements.
    expect(Object.keys(sent?.transactionRequest ?? {})).toEqual([
      'transactionType',
      'amount',
      'profile',
      'order',
    ]);
  });

  it('maps a decline and a CVC mismatch to reasons with their message', async () => {
    answer = () =>
      error('E00027', 'The transaction was unsuccessful.', {
        transactionResponse: {
          responseCode: '2',
          errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
        },
      });
    const source = { kind: 'token' as const, opaqueData: token, cardHolder: 'A' };
    expect(await gateway.charge({ amountCents: 100, orderReference: '1', description: 'x', source })).toEqual(
      {
        approved: false,
        reason: 'declined',
        message: 'This transaction has been declined.',
      },
    );
    answer = () =>
      error('E00027', 'The transaction was unsuccessful.', {
        transactionResponse: {
          responseCode: '2',
          cvvResultCode: 'N',
          errors: [{ errorCode: '65', errorText: 'This transaction has been declined.' }],
        },
      });
    expect(
      await gateway.charge({ amountCents: 100, orderReference: '2', description: 'x', source }),
    ).toMatchObject({
      approved: false,
      reason: 'cvc_mismatch',
    });
  });

  it('voids a charge, and says so when the service cannot be reached or answers nonsense', async () => {
    answer = () => ok({ transactionResponse: { responseCode: '1', transId: '40000001' } });
    await expect(gateway.voidCharge('40000001')).resolves.toBeUndefined();
    expect(
      (requests.at(-1)?.createTransactionRequest as { transactionRequest: object } | undefined)
        ?.transactionRequest,
    ).toEqual({
      transactionType: 'voidTransaction',
      refTransId: '40000001',
    });
    answer = () => 'not json at all';
    await expect(
      gateway.createCustomerProfile({ userId: 1, email: 'a@b.c', description: '' }),
    ).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
    const down = new AuthorizeNetGateway({
      gateway: 'authorizenet',
      apiLoginId: 'x',
      transactionKey: 'y',
      clientKey: 'z',
      apiUrl: 'http://127.0.0.1:9/unreachable',
      acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
      environment: 'sandbox',
      acceptJsApiOrigin: 'https://apitest.authorize.net',
    });
    await expect(down.voidCharge('1')).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
  });
});
