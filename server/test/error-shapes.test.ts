import { MEMBERSHIP } from '@portal/shared/memberships';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type UserRow } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/** Issue 9: one 404 body for unknown routes and missing objects; no raw validator text. */
let t: TestApp;
let admin: UserRow;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
});
afterAll(() => t.close());

describe('404', () => {
  it('has one shape for an unknown route (any method) and a missing object', async () => {
    const unknownGet = await t.app.inject({ url: '/api/v1/no-such-thing/' });
    const unknownPost = await t.app.inject({ method: 'POST', url: '/api/v1/no-such-thing/', payload: {} });
    const unknownDelete = await t.app.inject({ method: 'DELETE', url: '/api/v1/users/1/no-such-action/' });
    const missingUser = await injectAs(t.app, admin, { url: '/api/v1/users/999999/' });
    for (const res of [unknownGet, unknownPost, unknownDelete, missingUser]) {
      expect(res.statusCode).toBe(404);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['message']);
      expect(typeof body.message).toBe('string');
    }
    expect(unknownPost.json()).toEqual({ message: 'Not found.' });
    expect(unknownDelete.json()).toEqual({ message: 'Not found.' });
  });
});

describe('validation messages', () => {
  it('says what is wrong in plain words, under the field and in the message', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/vials-history/',
      payload: { type: 'lost', quantity: 'three', date: '2026-02-30x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.errors.user).toBe('This field is required.');
    expect(body.errors.type).toBe('Choose one of: added, shipped.');
    for (const text of [body.message, ...Object.values(body.errors)]) {
      expect(text).not.toMatch(/expected|received|Invalid input|undefined|NaN/);
    }
    expect(body.message).toMatch(/^(User|Type|Quantity|Date): /);
  });

  it("keeps a schema's own sentence", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login/', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      email: 'E-mail is required',
      password: 'This field is required.',
    });
  });
});
