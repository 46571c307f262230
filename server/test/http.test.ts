import { MEMBERSHIP } from '@portal/shared/memberships';
import type { FastifyPluginAsync } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINS, registerAccessControl } from '../src/http/access.ts';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

// Probe routes exercising the access layer the way every domain uses it.
const probes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/probe/admin/', { config: { access: ADMINS } }, async () => ({ ok: true }));
  app.get('/api/v1/probe/signed-in/', { config: { access: 'signed-in' } }, async () => ({ ok: true }));
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ plugins: [probes] });
});
afterAll(() => t.close());

describe('access control', () => {
  it('refuses to register a route that does not declare its access', async () => {
    const app = Fastify();
    registerAccessControl(app, { sessionTtlDays: 7, sessionMaxAgeDays: 30, sessions: t.app.sessionCache });
    expect(() => app.get('/api/v1/undeclared/', async () => ({}))).toThrow(/does not declare its access/);
  });

  it('403 for a membership the route does not allow, 200 for one it does', async () => {
    const hc = await createUser(t.db, { membershipId: MEMBERSHIP.harvestCenter });
    const admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
    const denied = await injectAs(t.app, hc, { url: '/api/v1/probe/admin/' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/permission/);
    expect((await injectAs(t.app, admin, { url: '/api/v1/probe/admin/' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/probe/admin/' })).statusCode).toBe(401);
  });

  it('holds back a non-admin who has not accepted the agreement, but lets them read their session', async () => {
    const fresh = await createUser(t.db, {
      membershipId: MEMBERSHIP.harvestCenter,
      agreementAccepted: false,
    });
    const blocked = await injectAs(t.app, fresh, { url: '/api/v1/probe/signed-in/' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('agreement_required');
    expect((await injectAs(t.app, fresh, { url: '/api/v1/session/' })).statusCode).toBe(200);
    const admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin, agreementAccepted: false });
    expect((await injectAs(t.app, admin, { url: '/api/v1/probe/signed-in/' })).statusCode).toBe(200);
  });
});

describe('bad input never becomes a 500', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login/',
      payload,
      headers: { 'content-type': contentType },
    });

  it('malformed JSON is a 400 with a message', async () => {
    const res = await post('{"email": "a@b.c",');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('wrong types are a 400 with field messages', async () => {
    const res = await post(JSON.stringify({ email: 42, password: ['x'] }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['email', 'password']);
  });

  it('an empty body, a JSON array and an unsupported content type are 4xx', async () => {
    expect((await post('')).statusCode).toBe(400);
    expect((await post('[]')).statusCode).toBe(400);
    const res = await post('email=a', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('an oversize body is a 413', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large.');
  });

  it('unknown API paths are a JSON 404, with or without the trailing slash', async () => {
    const res = await t.app.inject({ url: '/api/v1/does-not-exist/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
    expect((await t.app.inject({ url: '/auth/build-version' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/admin/login/');
  });

  it('marks public routes as public in the OpenAPI document (finding 11)', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/admin/login/'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/users/reset-password/'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/session/'].get.security).toBeUndefined(); // the document's default: a token
  });
});
