import { MEMBERSHIP } from '@portal/shared/memberships';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/mail-delivery/outbox.ts';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/mail-outbox/', () => {
  it('lists queued mail newest first, filters by status and search, and shows one mail', async () => {
    const admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
    await enqueueMail(t.db, { to: 'first@example.test', subject: 'Welcome 100%', text: 'Hello' });
    const secondId = await enqueueMail(t.db, {
      to: 'second@example.test',
      subject: 'Reset',
      text: 'Link here',
    });
    const list = await injectAs(t.app, admin, { url: '/api/admin/mail-outbox/?limit=10' });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(2);
    expect(list.json().results.map((m: { to: string }) => m.to)).toEqual([
      'second@example.test',
      'first@example.test',
    ]);

    const searched = await injectAs(t.app, admin, { url: '/api/admin/mail-outbox/?search=100%25' });
    expect(searched.json().results.map((m: { to: string }) => m.to)).toEqual(['first@example.test']);
    const sent = await injectAs(t.app, admin, { url: '/api/admin/mail-outbox/?status=sent' });
    expect(sent.json().count).toBe(0);

    const one = await injectAs(t.app, admin, { url: `/api/admin/mail-outbox/${secondId}/` });
    expect(one.json()).toMatchObject({ id: secondId, text: 'Link here', status: 'pending' });
    expect((await injectAs(t.app, admin, { url: '/api/admin/mail-outbox/999999/' })).statusCode).toBe(404);
    expect((await injectAs(t.app, admin, { url: '/api/admin/mail-outbox/abc/' })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const hc = await createUser(t.db, { membershipId: MEMBERSHIP.harvestCenter });
    expect((await injectAs(t.app, hc, { url: '/api/admin/mail-outbox/' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/mail-outbox/' })).statusCode).toBe(401);
  });
});
