import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BoldSignError, createBoldSignClient } from './boldsign-client.ts';

/**
 * A local stand-in for BoldSign's API (never the real service): it checks the method, path, query,
 * headers and body shape of its documentation and answers the way BoldSign does.
 */
type Seen = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
};

const API_KEY = 'test-api-key';
const PDF = Buffer.from('%PDF-1.7\n% a completed BoldSign document\n%%EOF\n');
let seen: Seen[] = [];
let statusOf: Record<string, string> = {};
let server: http.Server;
let baseUrl: string;

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      seen.push(request);
      if (req.headers['x-api-key'] !== API_KEY) return send(res, 401, { error: 'Unauthorized' });
      const documentId = url.searchParams.get('documentId') ?? '';
      if (req.method === 'POST' && url.pathname === '/v1/template/send') {
        const payload = JSON.parse(body || '{}');
        const role = payload.roles?.[0];
        if (
          !url.searchParams.get('templateId') ||
          !payload.title ||
          !role?.signerEmail ||
          role.roleIndex !== 1
        ) {
          return send(res, 400, { error: 'The roles field is required.' });
        }
        if (url.searchParams.get('templateId') === 'missing')
          return send(res, 403, { error: 'Invalid Template ID' });
        return send(res, 201, { documentId: 'bs-doc-1' });
      }
      if (req.method === 'GET' && url.pathname === '/v1/document/getEmbeddedSignLink') {
        if (!documentId || !url.searchParams.get('signerEmail')) return send(res, 400, { error: 'Missing' });
        return send(res, 200, {
          signLink: `https://app.boldsign.com/document/sign/?documentId=${documentId}`,
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/document/properties') {
        if (!(documentId in statusOf)) return send(res, 403, { error: 'Invalid Document ID' });
        return send(res, 200, { documentId, status: statusOf[documentId], signerDetails: [] });
      }
      if (req.method === 'GET' && url.pathname === '/v1/document/download') {
        if (documentId === 'not-a-pdf') return send(res, 200, { file: 'base64…' });
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(PDF);
      }
      return send(res, 404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  statusOf = {};
});

const client = () => createBoldSignClient({ apiKey: API_KEY, baseUrl });

describe('BoldSign client', () => {
  it('sends a document from a template to one signer', async () => {
    const result = await client().sendFromTemplate({
      templateId: 'tpl-42',
      title: 'L2bio Official Processing',
      signerName: 'Ana Ruiz',
      signerEmail: 'ana.ruiz@example.com',
      disableEmails: true,
    });
    expect(result).toEqual({ documentId: 'bs-doc-1' });
    const [request] = seen;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/template/send');
    expect(request.query.get('templateId')).toBe('tpl-42');
    expect(request.headers['x-api-key']).toBe(API_KEY);
    expect(request.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request.body)).toEqual({
      title: 'L2bio Official Processing',
      roles: [
        { roleIndex: 1, signerName: 'Ana Ruiz', signerEmail: 'ana.ruiz@example.com', signerType: 'Signer' },
      ],
      disableEmails: true,
    });
  });

  it('asks for an embedded signing link that returns to the portal', async () => {
    const validUntil = new Date('2026-03-01T11:00:00Z');
    const { signLink } = await client().getEmbeddedSignLink({
      documentId: 'bs-doc-1',
      signerEmail: 'ana.ruiz@example.com',
      redirectUrl: 'http://localhost:3000/patient-signed-completed-message',
      validUntil,
    });
    expect(signLink).toBe('https://app.boldsign.com/document/sign/?documentId=bs-doc-1');
    const [request] = seen;
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v1/document/getEmbeddedSignLink');
    expect(Object.fromEntries(request.query)).toEqual({
      documentId: 'bs-doc-1',
      signerEmail: 'ana.ruiz@example.com',
      redirectUrl: 'http://localhost:3000/patient-signed-completed-message',
      signLinkValidTill: validUntil.toISOString(),
    });
  });

  it("folds BoldSign's statuses into Pending, Completed and Voided", async () => {
    statusOf = { a: 'InProgress', b: 'Completed', c: 'Revoked', d: 'Declined', e: 'Expired', f: 'Draft' };
    const c = client();
    expect(await c.getStatus('a')).toBe('Pending');
    expect(await c.getStatus('b')).toBe('Completed');
    expect(await c.getStatus('c')).toBe('Voided');
    expect(await c.getStatus('d')).toBe('Voided');
    expect(await c.getStatus('e')).toBe('Voided');
    expect(await c.getStatus('f')).toBe('Pending');
    expect(seen.every((r) => r.path === '/v1/document/properties' && r.method === 'GET')).toBe(true);
    statusOf = { g: 'SomethingNew' };
    await expect(c.getStatus('g')).rejects.toThrow(/unknown document status "SomethingNew"/);
  });

  it('downloads the completed PDF', async () => {
    const bytes = await client().download('bs-doc-1');
    expect(Buffer.from(bytes)).toEqual(PDF);
    expect(seen[0].path).toBe('/v1/document/download');
    expect(seen[0].query.get('documentId')).toBe('bs-doc-1');
    await expect(client().download('not-a-pdf')).rejects.toThrow(/did not send a PDF/);
  });

  it('turns a refused key into a clear error', async () => {
    const wrongKey = createBoldSignClient({ apiKey: 'wrong', baseUrl });
    const error = await wrongKey.getStatus('a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BoldSignError);
    expect((error as BoldSignError).status).toBe(401);
    expect((error as BoldSignError).message).toMatch(/refused the API key.*BOLDSIGN_API_KEY/);
  });

  it("passes BoldSign's own message on other errors", async () => {
    await expect(client().getStatus('unknown-document')).rejects.toThrow(
      'BoldSign answered 403 to GET /v1/document/properties: Invalid Document ID',
    );
    const error = await client()
      .sendFromTemplate({ templateId: 'missing', title: 't', signerName: 'n', signerEmail: 'e@example.com' })
      .catch((e: unknown) => e);
    expect((error as BoldSignError).status).toBe(403);
    expect((error as BoldSignError).message).toContain('Invalid Template ID');
  });

  it('says when BoldSign cannot be reached, or answers something unexpected', async () => {
    const closed = createBoldSignClient({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(closed.getStatus('a')).rejects.toThrow(/could not be reached/);
    const odd = createBoldSignClient({
      apiKey: API_KEY,
      baseUrl,
      fetch: async () => new Response(JSON.stringify({ id: 'x' }), { status: 201 }),
    });
    await expect(
      odd.sendFromTemplate({ templateId: 't', title: 't', signerName: 'n', signerEmail: 'e@example.com' }),
    ).rejects.toThrow(/lacks the expected fields/);
    expect(() => createBoldSignClient({ apiKey: '', baseUrl })).toThrow(/API key/);
  });
});
