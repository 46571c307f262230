import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { BRANDING_META_NAME, WHITE_LABEL_LOGO_FIELD, WHITE_LABEL_TEXTS } from '@portal/shared/white-label';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../src/db/schema/accounts.ts';
import { mailOutbox } from '../src/db/schema/platform.ts';
import { createUser, createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { type DnsStub, startDnsStub } from './helpers/dns-stub.ts';
import { multipartBody } from './helpers/documents.ts';
import { watchHandlerStarts } from './helpers/route-table.ts';
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
    const host = 'clinics-one.example.com';
    const { id, domain } = await registerDomain(host, 'admin@clinics-one.example.com');
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
    dns.records.set(host, '203.0.113.7');
    check = await step(id, 'check_up');
    expect(check.json().success).toBe(false);
    expect(check.json().domain.last_error).toContain('points to 203.0.113.7, not 127.0.0.1');

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
      url: 'http://plain.example.com',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors.url).toBe(WHITE_LABEL_TEXTS.urlHttps);
    const { id } = await registerDomain('clinics-two.example.com', 'admin@clinics-two.example.com');
    const twice = await post(superAdmin, '/domain/white-label/', {
      name: 'Again',
      url: 'https://Clinics-Two.example.com/',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.url).toBe(WHITE_LABEL_TEXTS.hostTaken);
    const short = await post(superAdmin, '/domain/white-label/admin/', {
      first_name: 'A',
      last_name: 'B',
      email: 'short@clinics-two.example.com',
      password: 'short',
      domain: id,
    });
    expect(short.statusCode).toBe(400);
    const hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter);
    expect(
      (await post(hc, '/domain/white-label/', { name: 'X', url: 'https://x.example.com' })).statusCode,
    ).toBe(403);
  });

  it("a replaced logo's old address answers 404 with no-store; only the file found is cached for good", async () => {
    const { id, domain } = await registerDomain('clinics-logo.example.com', 'admin@clinics-logo.example.com');
    const first = await t.app.inject({ method: 'GET', url: domain.logo_url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const form = multipartBody(
      { description: 'Our clinics', email_sender: 'hello@clinics-logo.example.com', domain: String(id) },
      { name: WHITE_LABEL_LOGO_FIELD, filename: 'logo.png', content: await logo(), type: 'image/png' },
    );
    const replaced = await injectAs(t.app, superAdmin, {
      method: 'POST',
      url: '/domain/white-label/config/',
      payload: form.payload,
      headers: form.headers,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().domain.logo_url).not.toBe(domain.logo_url);

    const gone = await t.app.inject({ method: 'GET', url: domain.logo_url });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    const notALogo = await t.app.inject({ method: 'GET', url: `/media/white-label/${id}/domain.json` });
    expect(notALogo.statusCode).toBe(404);
    expect(notALogo.headers['cache-control']).toBe('no-store');
    const current = await t.app.inject({ method: 'GET', url: replaced.json().domain.logo_url });
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('white-label domains that would turn the portal inward', () => {
  const siteFiles = () => {
    const dir = path.join(t.dataDir, 'caddy', 'sites');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('refuses IP addresses, reserved names and non-public names as the URL, and writes no site for them', async () => {
    const before = siteFiles();
    const refused: [string, string][] = [
      ['https://127.0.0.1', WHITE_LABEL_TEXTS.urlIpAddress],
      ['https://169.254.169.254', WHITE_LABEL_TEXTS.urlIpAddress],
      ['https://2130706433', WHITE_LABEL_TEXTS.urlIpAddress],
      ['https://0x7f.1', WHITE_LABEL_TEXTS.urlIpAddress],
      ['https://[::1]', WHITE_LABEL_TEXTS.urlIpAddress],
      ['https://localhost', WHITE_LABEL_TEXTS.urlReservedName],
      ['https://portal.localhost', WHITE_LABEL_TEXTS.urlReservedName],
      ['https://printer.local', WHITE_LABEL_TEXTS.urlReservedName],
      ['https://metadata.google.internal', WHITE_LABEL_TEXTS.urlReservedName],
      ['https://clinics.test', WHITE_LABEL_TEXTS.urlReservedName],
      ['https://clinics.example', WHITE_LABEL_TEXTS.urlReservedName],
      ['https://clinics.invalid', WHITE_LABEL_TEXTS.urlReservedName],
      ['https://portal', WHITE_LABEL_TEXTS.urlNotPublicName],
    ];
    const answers = await Promise.all(
      refused.map(async ([url]) => {
        const response = await post(superAdmin, '/domain/white-label/', { name: 'Inward', url });
        return { url, status: response.statusCode, error: response.json().errors?.url };
      }),
    );
    expect(answers).toEqual(refused.map(([url, error]) => ({ url, status: 400, error })));
    const listed = (await injectAs(t.app, superAdmin, { method: 'GET', url: '/domain/list/' })).json();
    expect(listed.results.filter((d: { name: string }) => d.name === 'Inward')).toEqual([]);
    expect(siteFiles()).toEqual(before);
  });

  it('runs no server step for a domain stored with such a host: no site file, no check, no certificate', async () => {
    const handlers = watchHandlerStarts();
    try {
      for (const host of ['169.254.169.254', '2130706433', 'metadata.google.internal']) {
        const [row] = await t.db
          .insert(domains)
          .values({
            name: 'Stored before the rule',
            url: `https://${host}`,
            host,
            checkToken: `token-${host}`,
            dnsVerifiedAt: new Date(),
          })
          .returning({ id: domains.id });
        dns.records.set(host, '127.0.0.1');
        for (const name of ['create_folder', 'create_domain_file', 'check_up']) {
          handlers.reset();
          const result = await step(row.id, name);
          expect(result.json(), `${host} ${name}`).toMatchObject({ success: false });
          expect(result.json().message).toMatch(/IP address|reserved|public domain name/);
          // The last handler that ran is the step's own: no request went out through the domain.
          expect(handlers.reached?.url).toBe(`/domain/server-config/:id/${name}/`);
        }
        expect(siteFiles().filter((file) => file.startsWith(host))).toEqual([]);
        // Nor a certificate, though its A record was once verified.
        const ask = await t.app.inject({ method: 'GET', url: `/domain/tls-ask/?domain=${host}` });
        expect(ask.statusCode, host).toBe(404);
      }
    } finally {
      handlers.stop();
    }
  });

  it('never connects when the domain also resolves to a loopback, private, link-local or other inward address', async () => {
    const host = 'inward.example.com';
    const { id } = await registerDomain(host, 'admin@inward.example.com');
    const handlers = watchHandlerStarts();
    try {
      const inward: [string | string[], string][] = [
        [['127.0.0.1', '10.1.2.3'], '10.1.2.3, a private address'],
        [['127.0.0.1', '172.20.0.5'], '172.20.0.5, a private address'],
        [['192.168.1.10'], '192.168.1.10, a private address'],
        [['127.0.0.1', '169.254.169.254'], '169.254.169.254, a link-local address'],
        [['127.0.0.2'], '127.0.0.2, a loopback address'],
        [['127.0.0.1', '100.64.0.1'], '100.64.0.1, a shared (carrier-grade NAT) address'],
        [['0.0.0.0'], '0.0.0.0, an unspecified address'],
        [['224.0.0.1'], '224.0.0.1, a multicast address'],
        [['127.0.0.1', 'fd00::1'], 'fd00::1, a unique local (IPv6) address'],
        [['127.0.0.1', '::1'], '::1, a loopback address'],
        [['127.0.0.1', 'fe80::1'], 'fe80::1, a link-local address'],
        [['127.0.0.1', '::ffff:169.254.169.254'], '::ffff:169.254.169.254, a link-local address'],
      ];
      for (const [addresses, reason] of inward) {
        dns.records.set(host, addresses);
        handlers.reset();
        const check = await step(id, 'check_up');
        expect(check.json(), String(addresses)).toMatchObject({
          success: false,
          domain: { status: 'Waiting' },
        });
        expect(check.json().message).toContain(`resolves to ${reason}`);
        expect(handlers.reached?.url).toBe('/domain/server-config/:id/check_up/');
      }
      // Only the server address (here the loopback address the portal is configured with): it comes up.
      dns.records.set(host, '127.0.0.1');
      const check = await step(id, 'check_up');
      expect(check.json(), check.body).toMatchObject({ success: true, domain: { status: 'Up and Running' } });
    } finally {
      handlers.stop();
    }
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
    one = await registerDomain('tenant-one.example.com', 'admin@tenant-one.example.com');
    two = await registerDomain('tenant-two.example.com', 'admin@tenant-two.example.com');
    mainPatient = await createUserOfRole(t.db, MEMBERSHIP.patient, { email: 'main-patient@example.test' });
    oneCenter = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, {
      email: 'center@tenant-one.example.com',
      company: 'Tenant One Center',
      domainId: one.id,
    });
    onePatient = await createUser(t.db, {
      email: 'patient@tenant-one.example.com',
      domainId: one.id,
      harvestCenterId: oneCenter.id,
    });
    twoPatient = await createUser(t.db, { email: 'patient@tenant-two.example.com', domainId: two.id });
  });

  it("a request with the domain's Host shows its title and logo; any other host the main portal", async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: 'tenant-one.example.com' },
    });
    expect(page.body).toContain('<title>tenant-one.example.com Clinics</title>');
    const meta = new RegExp(`<meta name="${BRANDING_META_NAME}" content="([^"]+)"`).exec(page.body);
    const branding = JSON.parse((meta?.[1] ?? '{}').replaceAll('&#34;', '"'));
    expect(branding).toEqual({
      title: 'tenant-one.example.com Clinics',
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
      expect.arrayContaining(['patient@tenant-one.example.com', 'center@tenant-one.example.com']),
    );
    expect(emails).not.toContain('main-patient@example.test');
    expect(emails).not.toContain('patient@tenant-two.example.com');

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
    expect(csv.body).toContain('patient@tenant-one.example.com');
    expect(csv.body).not.toContain('main-patient@example.test');
    expect(csv.body).not.toContain('patient@tenant-two.example.com');

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
        'patient@tenant-one.example.com',
        'main-patient@example.test',
        'patient@tenant-two.example.com',
      ]),
    );
  });

  it("what a white-label admin creates joins its domain, and mails to its accounts go out under the domain's sender", async () => {
    const created = await post({ id: one.adminId }, '/api/v1/users/', {
      subscription: MEMBERSHIP.harvestCenter,
      email: 'new-center@tenant-one.example.com',
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
      '"tenant-one.example.com Clinics" <hello@tenant-one.example.com>',
    );
    expect(t.mail.sent.find((m) => m.to === mainPatient.email)?.from).toBe(t.app.config.mailFrom);
  });
});
