import fs from 'node:fs';
import path from 'node:path';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../src/http/uploads.ts';
import { makeSignaturePng } from '../src/pdf-signing/testing/pdf-fixtures.ts';
import { createUserOfRole } from '../src/seed/factories.ts';
import { buildTestApp, type TestApp, tokenFor } from './helpers/test-app.ts';

/*
 * Every route that takes a file, found in the OpenAPI document (a request body of
 * multipart/form-data), so a new upload route is covered without touching this file: a body that
 * is not well-formed multipart is the client's mistake, a 400 with a sentence, never a 500.
 */

const BOUNDARY = 'portal-test-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
/** The first bytes of each kind of file the routes take: one of them passes each route's type check. */
const FILE_HEADS = {
  pdf: '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'.repeat(200),
  png: Buffer.from(makeSignaturePng()).toString('latin1'),
};

type UploadRoute = { method: string; url: string; fileField: string };

/** A body a broken or hostile client sends, with the Content-Type it claims. */
type Malformed = { contentType: string; payload: Buffer };
const latin1 = (text: string) => Buffer.from(text, 'latin1');
const filePartHead = (field: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
  'Content-Type: application/octet-stream\r\n\r\n';

/** Bodies every upload route refuses before it looks at a file. */
const BROKEN_FRAMING: Record<string, Malformed> = {
  'no boundary': { contentType: 'multipart/form-data', payload: latin1('file=%PDF-1.4') },
  'an empty boundary': { contentType: 'multipart/form-data; boundary=', payload: latin1('--\r\n') },
  'a boundary over 256 characters': {
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    payload: latin1(`--${'b'.repeat(300)}--\r\n`),
  },
  'a part cut off in its headers': {
    contentType: MULTIPART,
    payload: latin1(`--${BOUNDARY}\r\nContent-Disposition: form-data; na`),
  },
  'a field cut off before the file': {
    contentType: MULTIPART,
    payload: latin1(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nconsent.pdf`),
  },
  'garbage under a boundary': {
    contentType: MULTIPART,
    payload: latin1('this is not multipart at all \u0000\u0001\u0002'),
  },
};

/** Bodies cut off inside or after the route's own file part (`head`: the file's first bytes). */
const CUT_FILES: Record<string, (route: UploadRoute, head: string) => Malformed> = {
  'a file cut off in its content (no closing boundary)': (route, head) => ({
    contentType: MULTIPART,
    payload: latin1(filePartHead(route.fileField, 'a.bin') + head),
  }),
  'a whole file followed by a part cut off': (route, head) => ({
    contentType: MULTIPART,
    payload: latin1(
      `${filePartHead(route.fileField, 'a.bin')}${head}\r\n--${BOUNDARY}\r\n` +
        'Content-Disposition: form-data; name="description"\r\n\r\ncut',
    ),
  }),
};

let t: TestApp;
let adminToken: string;
let uploadRoutes: UploadRoute[];

beforeAll(async () => {
  t = await buildTestApp();
  // A portal superuser passes the access of every upload route, so each request reaches its handler.
  adminToken = await tokenFor(t.app, await createUserOfRole(t.db, MEMBERSHIP.admin, { isSuperuser: true }));
  type FormSchema = { properties?: Record<string, { format?: string }> };
  type Operation = { requestBody?: { content?: Record<string, { schema?: FormSchema }> } };
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  uploadRoutes = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const form = operation.requestBody?.content?.['multipart/form-data']?.schema;
      if (!form) return [];
      const fileField = Object.entries(form.properties ?? {}).find(([, p]) => p.format === 'binary')?.[0];
      return [
        {
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '1'),
          fileField: fileField ?? 'file',
        },
      ];
    }),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('malformed multipart bodies on every upload route', () => {
  it('finds the upload routes in the OpenAPI document, the public verification page among them', () => {
    const urls = uploadRoutes.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/documents/process-file/',
        '/api/v1/documents/verify/',
        '/api/v1/fedex-requests/process-file/',
        '/api/v1/assets/process-file/',
        '/api/v1/utilities/upload-hc-logo/',
        '/api/admin/document-templates/',
        '/domain/white-label/config/',
      ]),
    );
  });

  async function send(route: UploadRoute, body: Malformed) {
    const response = await t.app.inject({
      method: route.method as 'POST',
      url: route.url,
      headers: { authorization: `Token ${adminToken}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() as { message?: string } };
  }

  for (const [name, body] of Object.entries(BROKEN_FRAMING)) {
    it(`answers 400 to ${name}`, async () => {
      const answers: Record<string, unknown> = {};
      for (const route of uploadRoutes) answers[`${route.method} ${route.url}`] = await send(route, body);
      const expected = { status: 400, body: { message: UPLOAD_MESSAGES.malformed } };
      expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, expected])));
    });
  }

  for (const [name, makeBody] of Object.entries(CUT_FILES)) {
    it(`answers 400 to ${name}, whatever kind of file it starts as`, async () => {
      const failures: string[] = [];
      for (const route of uploadRoutes) {
        const answers = await Promise.all(
          Object.values(FILE_HEADS).map((head) => send(route, makeBody(route, head))),
        );
        // The kind of file the route does not take is refused for its type; the one it takes is read
        // until the body breaks off.
        const allRefused = answers.every((answer) => answer.status === 400 && answer.body.message);
        const cutSeen = answers.some((answer) => answer.body.message === UPLOAD_MESSAGES.malformed);
        if (!allRefused || !cutSeen)
          failures.push(`${route.method} ${route.url}: ${JSON.stringify(answers)}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('leaves no staged or stored file behind', () => {
    const filesDir = path.join(t.dataDir, 'files');
    const files = fs.existsSync(filesDir)
      ? (fs.readdirSync(filesDir, { recursive: true }) as string[]).filter((p) =>
          fs.statSync(path.join(filesDir, p)).isFile(),
        )
      : [];
    expect(files).toEqual([]);
  });
});
