import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '@portal/shared/csp';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/seed/factories.ts';
import { createPatient, createVialRecord } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/** A built web app in miniature: an index.html with Vite's nonce placeholder and one hashed asset. */
function writeWebBuild(): { dir: string; asset: string; assetBody: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />` +
      `<script type="module" crossorigin src="/assets/index-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>` +
      '</head><body><div id="root"></div></body></html>',
  );
  const assetBody = `export const words = ${JSON.stringify('portal '.repeat(2000))};\n`;
  const asset = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(asset, assetBody);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(assetBody));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(assetBody));
  return { dir, asset: '/assets/index-abc123.js', assetBody };
}

const SECRET_PARAM = '$argon2id$v=19$m=19456,t=2,p=1$SECRET-HASH';
const SECRET_NAME = 'Jane Secretpatient';

// Routes that fail inside PostgreSQL with values a log must never show.
const failingQueries: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/probe/failing-query/', { config: { access: 'public' } }, async () => {
    await app.db.execute(sql`select length(${SECRET_PARAM}) / 0 as broken`);
    return { ok: true };
  });
  app.get('/api/v1/probe/failing-insert/', { config: { access: 'public' } }, async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table probe_people (name text not null, ssn text not null)`);
      await tx.execute(sql`insert into probe_people (name, ssn) values (${SECRET_NAME}, ${null})`);
    });
    return { ok: true };
  });
};

let t: TestApp;
let w: ChainWorld;
let web: ReturnType<typeof writeWebBuild>;
const logLines: string[] = [];

beforeAll(async () => {
  web = writeWebBuild();
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) =>
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)),
  );
  t = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream,
    webDistDir: web.dir,
    plugins: [failingQueries],
  });
  w = await createChainWorld(t.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web.dir, { recursive: true, force: true });
});

function cspOf(headers: Record<string, unknown>): Map<string, string> {
  const policy = String(headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as [string, string];
      }),
  );
}

describe('security headers', () => {
  it('an API answer carries a strict CSP, frame and sniffing protection, no referrer and no-store', async () => {
    const res = await t.app.inject({ url: '/auth/build-version/' });
    expect(res.statusCode).toBe(200);
    const csp = cspOf(res.headers);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('script-src-attr')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('style-src')).not.toContain('unsafe-inline');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('every API prefix answers no-store, errors included', async () => {
    const signedIn = await injectAs(t.app, w.admin, { url: '/api/v1/session/' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/v1/nowhere/', '/auth/nowhere/', '/media/some/file.pdf', '/domain/nowhere/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/login/', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('HSTS only when the request came over TLS, as the trusted proxy says', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    // Not behind a trusted proxy: the header is anyone's to send.
    const untrusted = await t.app.inject({ url: '/auth/build-version/', headers: forwarded });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildTestApp({ env: { TRUST_PROXY: 'true' }, webDistDir: web.dir });
    try {
      const overTls = await proxied.app.inject({ url: '/auth/build-version/', headers: forwarded });
      expect(overTls.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      const plain = await proxied.app.inject({ url: '/auth/build-version/' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('the web app page gets a fresh style nonce per request, the same in its CSP and its HTML', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/patients/12']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = cspOf(res.headers);
      expect(csp.get('script-src')).toBe("'self'");
      const nonce = /^'self' 'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(csp.get('style-src') ?? '')?.[1];
      expect(nonce, csp.get('style-src')).toBeDefined();
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(2);
  });

  it('the API documentation keeps working under its own policy, framing still refused', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const csp = cspOf(page.headers);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const script = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });
});

describe('malformed addresses', () => {
  // Fastify's router refuses these before any handler decodes the path; the fuzz test sends them too.
  it('broken percent-encoding is a 400, not a 500', async () => {
    for (const url of ['/%E0%A4%A', '/patients/%zz', '/api/v1/users/%E0%A4%A/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toEqual(expect.any(String));
    }
  });
});

describe('compression', () => {
  it('JSON answers are compressed with brotli or gzip as the client accepts', async () => {
    for (let i = 0; i < 5; i++) await createPatient(t.db, { harvestCenter: w.hcA });
    const plain = await injectAs(t.app, w.admin, { url: '/api/admin/users/?limit=20' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);

    const br = await injectAs(t.app, w.admin, {
      url: '/api/admin/users/?limit=20',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()).count).toBe(plain.json().count);

    const gz = await injectAs(t.app, w.admin, {
      url: '/api/admin/users/?limit=20',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).count).toBe(plain.json().count);
  });

  it('hashed assets are served pre-compressed and keep their long cache headers', async () => {
    const br = await t.app.inject({ url: web.asset, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(web.dir, `${web.asset}.br`)))).toBe(true);

    const gz = await t.app.inject({ url: web.asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(web.assetBody);

    const identity = await t.app.inject({ url: web.asset });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(web.assetBody);
    expect(identity.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('NUL characters are refused with the field', () => {
  it('in the body of the unauthenticated login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/',
      payload: { email: 'someone\u0000@example.com', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: 'Must not contain a NUL character' });
  });

  it('in nested body fields, query strings and path parameters', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const nested = await injectAs(t.app, w.admin, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/`,
      payload: { first_name: 'Ann', tags: ['ok', 'b\u0000d'] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors).toEqual({ 'tags.1': 'Must not contain a NUL character' });

    const query = await injectAs(t.app, w.admin, { url: '/api/admin/users/?search=an%00n' });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual({ search: 'Must not contain a NUL character' });

    const param = await injectAs(t.app, w.admin, { url: '/api/v1/users/identifier/a%00b/' });
    expect(param.statusCode).toBe(400);
    expect(param.json().errors).toEqual({ id: 'Must not contain a NUL character' });
  });
});

describe('numbers are numbers', () => {
  it('a vial quantity must be a JSON number', async () => {
    const patient = await createPatient(t.db, { harvestCenter: w.hcA });
    const base = { user: patient.id, type: 'added', date: '2026-05-01' };
    for (const quantity of ['12', [], true, null, '', [3]]) {
      const res = await injectAs(t.app, w.admin, {
        method: 'POST',
        url: '/api/v1/vials-history/',
        payload: { ...base, quantity },
      });
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(quantity)).toEqual(['quantity']);
    }
    const { record } = await createVialRecord(t.db, { patient, type: 'added', quantity: 2 });
    const patched = await injectAs(t.app, w.admin, {
      method: 'PATCH',
      url: `/api/v1/vials-history/${record.id}/`,
      payload: { quantity: '3' },
    });
    expect(patched.statusCode).toBe(400);
    expect(Object.keys(patched.json().errors)).toEqual(['quantity']);
    // A JSON number still works.
    const ok = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/vials-history/',
      payload: { ...base, quantity: 12 },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('path ids are plain decimal digits', async () => {
    const admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
    expect((await injectAs(t.app, admin, { url: `/api/v1/users/${admin.id}/` })).statusCode).toBe(200);
    const hex = `0x${admin.id.toString(16)}`;
    for (const id of [
      hex,
      `${admin.id}e0`,
      `%20${admin.id}`,
      `+${admin.id}`,
      `${admin.id}.0`,
      '1e3',
      '-1',
      '0',
    ]) {
      const res = await injectAs(t.app, admin, { url: `/api/v1/users/${id}/` });
      expect(res.statusCode, id).toBe(400);
      expect(Object.keys(res.json().errors), id).toEqual(['id']);
    }
    const tooBig = await injectAs(t.app, admin, { url: '/api/v1/users/99999999999/' });
    expect(tooBig.statusCode).toBe(400);
    expect(Object.keys(tooBig.json().errors)).toEqual(['id']);
    const outbox = await injectAs(t.app, admin, { url: '/api/admin/mail-outbox/0x1/' });
    expect(outbox.statusCode).toBe(400);
    expect(Object.keys(outbox.json().errors)).toEqual(['id']);
    const lab = await injectAs(t.app, admin, {
      url: `/api/v1/processing-labs/${w.lab1.id}/harvestcenter/1e1/patients/`,
    });
    expect(lab.statusCode).toBe(400);
    expect(Object.keys(lab.json().errors)).toEqual(['harvestCenterId']);
  });

  it('query integers are plain decimal digits; valid ones behave as before', async () => {
    for (const query of [
      'limit=1e1',
      'limit=0x10',
      'limit=%2010',
      'offset=-0',
      'limit=10.5',
      'membership=1e0',
    ]) {
      const res = await injectAs(t.app, w.admin, { url: `/api/admin/users/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([query.split('=')[0]]);
    }
    const patients = await injectAs(t.app, w.admin, {
      url: `/api/v1/users/patient/list/?harvest_center_id=0x${w.hcA.id}`,
    });
    expect(patients.statusCode).toBe(400);
    expect(Object.keys(patients.json().errors)).toEqual(['harvest_center_id']);

    const page = await injectAs(t.app, w.admin, { url: '/api/admin/users/?limit=2&offset=1' });
    expect(page.statusCode).toBe(200);
    expect(page.json().results).toHaveLength(2);
    const all = await injectAs(t.app, w.admin, { url: '/api/admin/users/' });
    expect(all.json().results.length).toBeLessThanOrEqual(20);
  });
});

describe('query errors are logged without their values', () => {
  const failures = () => logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);

  it('a failing query logs its SQL, PostgreSQL code and route, never its parameters', async () => {
    const res = await t.app.inject({ url: '/api/v1/probe/failing-query/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error.' });
    const entry = failures().find((e) => e.route === '/api/v1/probe/failing-query/');
    expect(entry, logLines.join('\n')).toBeDefined();
    expect(entry.err.code).toBe('22012');
    expect(entry.err.sql).toMatch(/^select length\(\$1\) \/ 0/);
    expect(entry.method).toBe('GET');
    expect(logLines.join('\n')).not.toContain('SECRET-HASH');
  });

  it("a constraint failure's detail (the row's values) stays out of the log", async () => {
    const res = await t.app.inject({ url: '/api/v1/probe/failing-insert/' });
    expect(res.statusCode).toBe(500);
    const entry = failures().find((e) => e.route === '/api/v1/probe/failing-insert/');
    expect(entry, logLines.join('\n')).toBeDefined();
    expect(entry.err.code).toBe('23502');
    expect(entry.err.sql).toMatch(/^insert into probe_people/);
    expect(entry.err.column).toBe('ssn');
    expect(logLines.join('\n')).not.toContain('Secretpatient');
  });
});

describe('OpenAPI document', () => {
  it('marks public routes as public and leaves the others needing a session', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/admin/login/'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/users/reset-password/'].post.security).toEqual([]);
    expect(doc.paths['/api/admin/logout/'].post.security).toBeUndefined();
    expect(doc.paths['/api/admin/users/'].get.security).toBeUndefined();
  });
});
