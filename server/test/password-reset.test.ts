import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from '../src/modules/sign-in/sign-in.service.ts';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/reset-password/', payload: { email } });
const confirm = (token: string, password: string, confirmation = password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/reset-password/confirm/',
    payload: { token, password, password_confirmation: confirmation },
  });

function linkToken(text: string): string {
  const match = /http:\/\/portal\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe('password reset', () => {
  it('mails a single-use link through the outbox, and the new password works', async () => {
    const user = await createUser(t.db, { email: 'reset.me@example.test' });
    const oldSession = await tokenFor(t.app, user);
    const res = await requestReset('Reset.Me@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(RESET_REQUESTED_MESSAGE);
    await t.app.mailWorker.drain();
    const mail = t.mail.sent.find((m) => m.to === 'reset.me@example.test');
    expect(mail?.subject).toBe('Reset your Portal password');
    const token = linkToken(mail!.text);

    expect((await confirm(token, 'brand-new-password', 'different-password')).statusCode).toBe(400);
    expect((await confirm(token, 'short')).statusCode).toBe(400);
    const ok = await confirm(token, 'brand-new-password');
    expect(ok.statusCode).toBe(200);

    const again = await confirm(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_INVALID_MESSAGE);

    const loginNew = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/',
      payload: { email: 'reset.me@example.test', password: 'brand-new-password' },
    });
    expect(loginNew.statusCode).toBe(200);
    // Sessions opened with the old password end with the reset.
    expect((await injectAs(t.app, oldSession, { url: '/api/v1/session/' })).statusCode).toBe(401);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = t.mail.sent.length;
    const res = await requestReset('ghost@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(RESET_REQUESTED_MESSAGE);
    await t.app.mailWorker.drain();
    expect(t.mail.sent.length).toBe(before);
  });

  it('refuses an expired link', async () => {
    await createUser(t.db, { email: 'expired.link@example.test' });
    await requestReset('expired.link@example.test');
    await t.app.mailWorker.drain();
    const token = linkToken(t.mail.sent.find((m) => m.to === 'expired.link@example.test')!.text);
    await t.db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    expect((await confirm(token, 'brand-new-password')).statusCode).toBe(400);
  });

  it('rejects a malformed e-mail with a field message', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe('Enter a valid e-mail address');
  });
});
