import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two FedEx Ship API calls the carrier makes (OAuth token, create shipment):
 * it checks what a real one would refuse (credentials, bearer token) and records the shipments asked.
 */
export async function startFakeFedex(label: Uint8Array) {
  const shipments: Record<string, unknown>[] = [];
  const state = { tokens: 0, refuseNext: false };
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.url === '/oauth/token') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== 'fedex-secret') {
        return send(401, { errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: 'Bad credentials' }] });
      }
      state.tokens++;
      return send(200, { access_token: `token-${state.tokens}`, token_type: 'bearer', expires_in: 3600 });
    }
    if (request.url === '/ship/v1/shipments') {
      if (!request.headers.authorization?.startsWith('Bearer token-')) {
        return send(401, { errors: [{ code: 'NOT.AUTHORIZED.ERROR', message: 'No token' }] });
      }
      if (state.refuseNext) {
        state.refuseNext = false;
        return send(400, {
          errors: [{ code: 'SHIPPER.POSTALSTATE.MISMATCH', message: 'Invalid shipper postal code' }],
        });
      }
      shipments.push(JSON.parse(body));
      const trackingNumber = `7946${String(shipments.length).padStart(8, '0')}`;
      return send(200, {
        output: {
          transactionShipments: [
            {
              masterTrackingNumber: trackingNumber,
              pieceResponses: [
                { packageDocuments: [{ encodedLabel: Buffer.from(label).toString('base64') }] },
              ],
            },
          ],
        },
      });
    }
    send(404, { errors: [{ code: 'NOT.FOUND', message: request.url }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    shipments,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
