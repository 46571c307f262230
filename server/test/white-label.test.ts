import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { BRANDING_META_NAME, WHITE_LABEL_LOGO_FIELD, WHITE_LABEL_TEXTS } from '@portal/shared/white-label';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/platform.ts';
import { createUser, createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { type DnsStub, startDnsStub } from './helpers/dns-stub.ts';
import { multipartBody } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/**
 * The white-label wizard and its domains (docs/decisions/023), with a local DNS stub, a local
 * stand-in for Caddy's admin API and the portal listening on a local port: nothing leaves 127.0.0.1.
 */

let t: TestApp;
let dns: DnsStub;
let caddy: http.Server;
const caddyLoads: { contentType: string; body: string }[] = [];
let webDist: string;
let superAdmin: UserRow;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dns = await startDnsStub();
  caddy = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/load') {
        caddyLoads.push({ contentType: String(request.headers['content-type']), body });
        response.end();
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => caddy.listen(0, '127.0.0.1', resolve));
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
  );
  const port = await freePort();
  t = await buildTestApp({
    webDistDir: webDist,
    env: {
      PORT: String(port),
      WHITE_LABEL_SERVER_ADDRESS: '127.0.0.1',
      WHITE_LABEL_DNS_SERVERS: dns.server,
      WHITE_LABEL_PROBE_SCHEME: 'http',
      WHITE_LABEL_PROBE_PORT: String(port),
      CADDY_ADMIN_URL: `http://127.0.0.1:${(caddy.address() as net.AddressInfo).port}`,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  superAdmin = await createUserOfRole(t.db, MEMBERSHIP.admin, { isSuperuser: true });
});

afterAll(async () => {
  await t.close();
  await dns.close();
  await new Promise((resolve) => caddy.close(resolve));
  fs.rmSync(webDist, { recursive: true, force: true });
});

const logo = () =>
  sharp({ create: { width: 300, height: 120, channels: 3, background: { r: 10, g: 90, b: 60 } } })
    .png()
    .toBuffer();

type Who = Parameters<typeof injectAs>[1];
const post = (who: Who, url: string, payload?: object) =>
  injectAs(t.app, who, { method: 'POST', url, payload });

/** The wizard's three writes, as the page sends them: the domain, its admin, its options and logo. */
async function registerDomain(host: string, adminEmail: string) {
  const created = await post(superAdmin, '/domain/white-label/', {
    name: `${host} Clinics`,
    url: `https://${host}`,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id: number = created.json().id;
  const admin = await post(superAdmin, '/domain/white-label/admin/', {
    first_name: 'White',
    last_name: 'Label',
    email: adminEmail,
    phone: '5550100',
    password: 'domain-admin-password',
    subscription: 7,
    domain: id,
  });
  expect(admin.statusCode, admin.body).toBe(201);
  const form = multipartBody(
    { description: 'Our clinics', email_sender: `hello@${host}`, domain: String(id), brand_color: '#0b6e4f' },
    { name: WHITE_LABEL_LOGO_FIELD, filename: 'logo.png', content: await logo(), type: 'image/png' },
  );
  const config = await injectAs(t.app, superAdmin, {
    method: 'POST',
    url: '/domain/white-label/config/',
    payload: form.payload,
    headers: form.headers,
  });
  expect(config.statusCode, config.body).toBe(200);
  return { id, adminId: admin.json().id as number, domain: config.json().domain };
}

const step = (id: number, name: string) => post(superAdmin, `/domain/server-config/${id}/${name}/`);

describe('white-label wizard', () => {
  it('registers a domain, configures the server, waits for DNS, comes up, and the ask endpoint approves it', async () => {
    const host = 'clinics-one.example';
    const { id, domain } = await registerDomain(host, 'admin@clinics-one.example');
    expect(domain).toMatchObject({
      host,
      url: `https://${host}`,
      status: 'Waiting',
      email_sender: `hello@${host}`,
    });
    expect(domain.logo_url).toMatch(new RegExp(`^/media/white-label/${id}/logo-[0-9a-f-]{36}\\.png$`));
    expect((await t.app.inject({ method: 'GET', url: domain.logo_url })).headers['content-type']).toBe(
      'image/png',
    );

    const folder = await step(id, 'create_folder');
    expect(folder.json()).toMatchObject({ success: true, domain: { steps: { folder: true } } });
    expect(await t.app.storage.exists(`white-label/${id}/domain.json`)).toBe(true);

    const site = await step(id, 'create_domain_file');
    expect(site.json(), site.body).toMatchObject({ success: true, message: 'The site is loaded in Caddy.' });
    const siteFile = fs.readFileSync(path.join(t.dataDir, 'caddy', 'sites', `${host}.caddy`), 'utf8');
    expect(siteFile).toContain(`${host} {`);
    expect(siteFile).toContain('on_demand');
    expect(siteFile).toMatch(/reverse_proxy 127\.0\.0\.1:\d+/);
    const loaded = caddyLoads.at(-1);
    expect(loaded?.contentType).toBe('text/caddyfile');
    expect(loaded?.body).toContain('ask http://127.0.0.1:');
    expect(loaded?.body).toContain(`${host} {`);

    // No A record yet: Waiting, and no certificate for it.
    const ask = () => t.app.inject({ method: 'GET', url: `/domain/tls-ask/?domain=${host}` });
    let check = await step(id, 'check_up');
    expect(check.json()).toMatchObject({ success: false, domain: { status: 'Waiting' } });
    expect(check.json().message).toContain('no A record');
    expect((await ask()).statusCode).toBe(404);
    expect((await step(id, 'create_ssl_file')).statusCode).toBe(409);

    // Pointed elsewhere: still Waiting, and the reason says where it points.
    dns.records.set(host, '10.1.2.3');
    check = await step(id, 'check_up');
    expect(check.json().success).toBe(false);
    expect(check.json().domain.last_error).toContain('points to 10.1.2.3, not 127.0.0.1');

    // Pointed here: the request through the domain reaches this portal.
    dns.records.set(host, '127.0.0.1');
    check = await step(id, 'check_up');
    expect(check.json(), check.body).toMatchObject({
      success: true,
      message: WHITE_LABEL_TEXTS.up,
      domain: { status: 'Up and Running', last_error: '', steps: { dns: true, reachable: true } },
    });
    expect((await ask()).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/domain/tls-ask/?domain=unknown.example' })).statusCode,
    ).toBe(404);
    const ssl = await step(id, 'create_ssl_file');
    expect(ssl.json()).toMatchObject({ success: true, domain: { steps: { ssl: true } } });
    // Idempotent: every step may be run again.
    expect((await step(id, 'create_folder')).json().success).toBe(true);
    expect((await step(id, 'check_up')).json().success).toBe(true);

    const list = await injectAs(t.app, superAdmin, { method: 'GET', url: '/domain/list/' });
    expect(list.json().results.find((d: { id: number }) => d.id === id)).toMatchObject({
      status: 'Up and Running',
      server_address: '127.0.0.1',
    });
  });

  it('refuses a URL without https://, a host registered twice, a short password, and non-portal admins', async () => {
    const plain = await post(superAdmin, '/domain/white-label/', {
      name: 'Plain',
      url: 'http://plain.example',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors.url).toBe(WHITE_LABEL_TEXTS.urlHttps);
    const { id } = await registerDomain('clinics-two.example', 'admin@clinics-two.example');
    const twice = await post(superAdmin, '/domain/white-label/', {
      name: 'Again',
      url: 'https://Clinics-Two.example/',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.url).toBe(WHITE_LABEL_TEXTS.hostTaken);
    const short = await post(superAdmin, '/domain/white-label/admin/', {
      first_name: 'A',
      last_name: 'B',
      email: 'short@clinics-two.example',
      password: 'short',
      domain: id,
    });
    expect(short.statusCode).toBe(400);
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter);
    expect((await post(hc, '/domain/white-label/', { name: 'X', url: 'https://x.example' })).statusCode).toBe(
      403,
    );
  });
});

describe('white-label tenants', () => {
  let one: Awaited<ReturnType<typeof registerDomain>>;
  let two: Awaited<ReturnType<typeof registerDomain>>;
  let mainPatient: UserRow;
  let onePatient: UserRow;
  let twoPatient: UserRow;
  let oneCenter: UserRow;
  beforeAll(async () => {
    one = await registerDomain('tenant-one.example', 'admin@tenant-one.example');
    two = await registerDomain('tenant-two.example', 'admin@tenant-two.example');
    mainPatient = await createUserOfRole(t.db, MEMBERSHIP.patient, { email: 'main-patient@example.test' });
    oneCenter = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, {
      email: 'center@tenant-one.example',
      company: 'Tenant One Center',
      domainId: one.id,
    });
    onePatient = await createUser(t.db, {
      email: 'patient@tenant-one.example',
      domainId: one.id,
      harvestCenterId: oneCenter.id,
    });
    twoPatient = await createUser(t.db, { email: 'patient@tenant-two.example', domainId: two.id });
  });

  it("a request with the domain's Host shows its title and logo; any other host the main portal", async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: 'tenant-one.example' },
    });
    expect(page.body).toContain('<title>tenant-one.example Clinics</title>');
    const meta = new RegExp(`<meta name="${BRANDING_META_NAME}" content="([^"]+)"`).exec(page.body);
    const branding = JSON.parse((meta?.[1] ?? '{}').replaceAll('&#34;', '"'));
    expect(branding).toEqual({
      title: 'tenant-one.example Clinics',
      logo_url: one.domain.logo_url,
      brand_color: '#0b6e4f',
    });
    const main = await t.app.inject({ method: 'GET', url: '/login', headers: { host: 'portal.test' } });
    expect(main.body).toContain('<title>Portal</title>');
    expect(main.body).not.toContain(BRANDING_META_NAME);
  });

  it("a white-label admin sees only its domain's accounts (list, detail, export); a main-portal admin sees all", async () => {
    const admin = { id: one.adminId };
    const list = await injectAs(t.app, admin, {
      method: 'GET',
      url: '/api/admin/users/?active=all&limit=100',
    });
    expect(list.statusCode).toBe(200);
    const emails = list.json().results.map((u: { email: string }) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['patient@tenant-one.example', 'center@tenant-one.example']),
    );
    expect(emails).not.toContain('main-patient@example.test');
    expect(emails).not.toContain('patient@tenant-two.example');

    for (const other of [mainPatient, twoPatient]) {
      expect(
        (await injectAs(t.app, admin, { method: 'GET', url: `/api/v1/users/${other.id}/` })).statusCode,
      ).toBe(404);
      expect([403, 404]).toContain(
        (await injectAs(t.app, admin, { method: 'GET', url: `/api/v1/patients/${other.id}/` })).statusCode,
      );
      const write = await injectAs(t.app, admin, {
        method: 'POST',
        url: `/api/v1/users/update/${other.id}/`,
        payload: { last_name: 'Changed' },
      });
      expect(write.statusCode).toBe(404);
    }
    expect(
      (await injectAs(t.app, admin, { method: 'GET', url: `/api/v1/users/${onePatient.id}/` })).statusCode,
    ).toBe(200);
    expect(
      (await injectAs(t.app, admin, { method: 'GET', url: `/api/v1/patients/${onePatient.id}/` })).statusCode,
    ).toBe(200);

    const csv = await injectAs(t.app, admin, {
      method: 'GET',
      url: '/api/admin/users/export-csv/?active=all',
    });
    expect(csv.body).toContain('patient@tenant-one.example');
    expect(csv.body).not.toContain('main-patient@example.test');
    expect(csv.body).not.toContain('patient@tenant-two.example');

    // Its dashboard counts its domain's accounts and the mail to them, not the portal's.
    await t.db.insert(mailOutbox).values([
      { to: onePatient.email, subject: 'Failed', text: '-', status: 'failed' },
      { to: mainPatient.email, subject: 'Failed', text: '-', status: 'failed' },
    ]);
    const summary = (
      await injectAs(t.app, admin, { method: 'GET', url: '/api/v1/dashboard/summary/' })
    ).json();
    expect(summary).toMatchObject({ kind: 'admin', failed_mail: 1 });
    const portal = (
      await injectAs(t.app, superAdmin, { method: 'GET', url: '/api/v1/dashboard/summary/' })
    ).json();
    expect(portal.failed_mail).toBe(2);

    // The portal's own settings are not a white-label admin's.
    expect(
      (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/coupon-codes/' })).statusCode,
    ).toBe(403);
    expect((await injectAs(t.app, admin, { method: 'GET', url: '/domain/list/' })).statusCode).toBe(403);

    const everyone = await injectAs(t.app, superAdmin, {
      method: 'GET',
      url: '/api/admin/users/?active=all&limit=100',
    });
    const all = everyone.json().results.map((u: { email: string }) => u.email);
    expect(all).toEqual(
      expect.arrayContaining([
        'patient@tenant-one.example',
        'main-patient@example.test',
        'patient@tenant-two.example',
      ]),
    );
  });

  it("what a white-label admin creates joins its domain, and mails to its accounts go out under the domain's sender", async () => {
    const created = await post({ id: one.adminId }, '/api/v1/users/', {
      subscription: MEMBERSHIP.harvestCenter,
      email: 'new-center@tenant-one.example',
      first_name: 'New',
      last_name: 'Center',
      company: 'New Center',
      password: 'new-center-password',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().domain).toMatchObject({ id: one.id });

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password/',
      payload: { email: onePatient.email },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password/',
      payload: { email: mainPatient.email },
    });
    await t.app.mailWorker.drain();
    expect(t.mail.sent.find((m) => m.to === onePatient.email)?.from).toBe(
      '"tenant-one.example Clinics" <hello@tenant-one.example>',
    );
    expect(t.mail.sent.find((m) => m.to === mainPatient.email)?.from).toBe(t.app.config.mailFrom);
  });
});
