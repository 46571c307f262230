import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_QUERY_PARAMETERS } from '../src/http/log-redaction.ts';
import { signUrlPath } from '../src/storage/signed-urls.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Finding 11: a credential in a query string (the admin invitation's `pass`, a reset or signing
 * link's `token`, a signed media URL's `signature`) must never reach the request log, where anyone
 * who reads logs could use it. The rest of the URL stays, so a log line still says what was asked.
 */

let t: TestApp;
let webDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><body></body></html>');
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) =>
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream, webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The URLs the request log recorded for the requests made by `send`. */
async function loggedUrls(send: () => Promise<unknown>): Promise<{ urls: string[]; text: string }> {
  const from = logLines.length;
  await send();
  const lines = logLines.slice(from);
  const urls = lines.map((line) => JSON.parse(line).req?.url).filter((url): url is string => Boolean(url));
  return { urls, text: lines.join('\n') };
}

describe('request logs (finding 11)', () => {
  it("keep the admin invitation's pass out, on the web page and on the API", async () => {
    const pass = 'INVITE-PASS-5f1c2e9a7b';
    const { urls, text } = await loggedUrls(async () => {
      await t.app.inject({ url: `/admin-registration-process?pass=${pass}` });
      await t.app.inject({ url: `/api/v1/sign-up/link/?form=admin&pass=${pass}` });
    });
    expect(text).not.toContain(pass);
    expect(urls).toEqual([
      '/admin-registration-process?pass=[REDACTED]',
      '/api/v1/sign-up/link/?form=admin&pass=[REDACTED]',
    ]);
  });

  it('keep link tokens out, however the parameter is spelled or encoded', async () => {
    const token = 'RESET-TOKEN-8d3b1a';
    const { urls, text } = await loggedUrls(async () => {
      await t.app.inject({ url: `/reset-password?token=${token}` });
      await t.app.inject({ url: `/sign?documentId=12&token=${token}` });
      await t.app.inject({ url: `/api/v1/probe/missing/?%74oken=${token}&Token=${token}` });
    });
    expect(text).not.toContain(token);
    expect(urls).toEqual([
      '/reset-password?token=[REDACTED]',
      '/sign?documentId=12&token=[REDACTED]',
      '/api/v1/probe/missing/?%74oken=[REDACTED]&Token=[REDACTED]',
    ]);
  });

  it("keep a signed media URL's signature out, its path and expiry in", async () => {
    const signed = signUrlPath('log-test-secret', '/api/v1/assets/7/file/', 300);
    const signature = new URLSearchParams(signed.split('?')[1]).get('signature') as string;
    const { urls, text } = await loggedUrls(() => t.app.inject({ url: signed }));
    expect(text).not.toContain(signature);
    expect(urls).toEqual([signed.replace(signature, '[REDACTED]')]);
  });

  it('name the secret parameters in one list', () => {
    expect([...SECRET_QUERY_PARAMETERS].sort()).toEqual(['pass', 'signature', 'token']);
  });
});

describe('one line per request (issue 35)', () => {
  it('writes a single line when the request is answered: id, method, redacted URL, status and time', async () => {
    const from = logLines.length;
    await t.app.inject({ url: '/auth/build-version/?token=SECRET-TOKEN-0123456789' });
    const lines = logLines.slice(from).map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line.msg).toBe('request completed');
    expect(line.req).toMatchObject({ method: 'GET', url: '/auth/build-version/?token=[REDACTED]' });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(typeof line.reqId).toBe('string');
    expect(typeof line.responseTime).toBe('number');
  });
});
