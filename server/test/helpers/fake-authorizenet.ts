import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Authorize.net in the browser tests: an Accept.js whose `dispatchData` posts
 * the card from the page to this server as the real one posts it to Authorize.net
 * (`securePaymentContainerRequest`), and the JSON API the portal's server calls to charge the
 * opaque token (`createTransactionRequest`). It checks the keys a real one would and records what
 * each side sent, so a test can show the card went here and only the token to the portal.
 */
export type FakeAuthorizeNetKeys = { apiLoginId: string; clientKey: string; transactionKey: string };

type ApiBody = Record<string, Record<string, unknown>>;

const ok = (extra: object) => ({
  ...extra,
  messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
});
const error = (code: string, text: string) => ({
  messages: { resultCode: 'Error', message: [{ code, text }] },
});

/** The Accept.js the page loads: the real one's `Accept.dispatchData(secureData, callback)`. */
function acceptJs(origin: string): string {
  return `window.Accept = {
  dispatchData: function (secureData, callback) {
    var card = secureData.cardData;
    fetch(${JSON.stringify(`${origin}/xml/v1/request.api`)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ securePaymentContainerRequest: {
        merchantAuthentication: { name: secureData.authData.apiLoginID, clientKey: secureData.authData.clientKey },
        data: { type: 'TOKEN', id: String(Date.now()), token: {
          cardNumber: card.cardNumber, expirationDate: card.month + card.year, cardCode: card.cardCode, fullName: card.fullName
        } }
      } })
    }).then(function (r) { return r.json(); }).then(callback, function () {
      callback({ messages: { resultCode: 'Error', message: [{ code: 'E_WC_14', text: 'Accept.js encryption failed.' }] } });
    });
  }
};
`;
}

export async function startFakeAuthorizeNet(keys: FakeAuthorizeNetKeys) {
  /** Cards tokenized (from the browser), by token. */
  const cards = new Map<string, { cardNumber: string; expirationDate: string }>();
  const tokenRequests: ApiBody[] = [];
  const serverRequests: ApiBody[] = [];
  let transactions = 0;

  const answer = (body: ApiBody): unknown => {
    const container = body.securePaymentContainerRequest;
    if (container) {
      tokenRequests.push(body);
      const auth = container.merchantAuthentication as { name?: string; clientKey?: string };
      if (auth.name !== keys.apiLoginId || auth.clientKey !== keys.clientKey) {
        return error('E00007', 'User authentication failed due to invalid authentication values.');
      }
      const card = (container.data as { token: { cardNumber: string; expirationDate: string } }).token;
      const dataValue = randomBytes(24).toString('base64');
      cards.set(dataValue, { cardNumber: card.cardNumber, expirationDate: card.expirationDate });
      return ok({ opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue } });
    }
    serverRequests.push(body);
    const request = body.createTransactionRequest;
    const auth = request?.merchantAuthentication as { name?: string; transactionKey?: string } | undefined;
    if (!request || auth?.name !== keys.apiLoginId || auth?.transactionKey !== keys.transactionKey) {
      return error('E00007', 'User authentication failed due to invalid authentication values.');
    }
    const payment = (request.transactionRequest as { payment?: { opaqueData?: { dataValue: string } } })
      .payment;
    const card = cards.get(payment?.opaqueData?.dataValue ?? '');
    if (!card) return error('E00114', 'Invalid OTS Token.');
    cards.delete(payment?.opaqueData?.dataValue ?? '');
    transactions++;
    return ok({
      transactionResponse: {
        responseCode: '1',
        authCode: 'FAKE01',
        transId: String(60_000_000 + transactions),
        accountNumber: `XXXX${card.cardNumber.slice(-4)}`,
        accountType: 'Visa',
      },
    });
  };

  const server = http.createServer(async (request, response) => {
    // The page's origin differs: the browser asks first (CORS), as it does Authorize.net.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    if (request.method === 'GET' && request.url === '/v1/Accept.js') {
      response.writeHead(200, { 'content-type': 'application/javascript' });
      return response.end(acceptJs(origin));
    }
    if (request.method === 'POST' && request.url === '/xml/v1/request.api') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiBody;
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      // Authorize.net's JSON answers start with a byte-order mark.
      return response.end(`\uFEFF${JSON.stringify(answer(body))}`);
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    acceptJsUrl: `${origin}/v1/Accept.js`,
    apiUrl: `${origin}/xml/v1/request.api`,
    /** What the browser sent (the card). */
    tokenRequests,
    /** What the portal's server sent (the token). */
    serverRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
