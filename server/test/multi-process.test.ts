import { MEMBERSHIP } from '@portal/shared/memberships';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issueSessionToken } from '../src/auth/tokens.ts';
import { type Database, openPostgres } from '../src/db/client.ts';
import { jobClaims, mailOutbox } from '../src/db/schema/platform.ts';
import { claimJobRun } from '../src/jobs/periodic-job.ts';
import { deliverDueMail, enqueueMail, OUTBOX_BATCH } from '../src/mail-delivery/outbox.ts';
import type { MailTransport } from '../src/mail-delivery/transport.ts';
import { LOGIN_THROTTLE } from '../src/modules/accounts/login-throttle.ts';
import { createUser } from '../src/seed/factories.ts';
import { type LocalS3, startLocalS3 } from '../src/storage/testing/local-s3.ts';
import { createChainWorld } from './helpers/chain-world.ts';
import { TINY_PDF } from './helpers/document-world.ts';
import { multipartBody } from './helpers/documents.ts';
import { totpCode } from './helpers/second-factors.ts';
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts';
import { startSmtp } from './helpers/smtp-sink.ts';
import { createPostgresTestDatabase } from './helpers/test-app.ts';

/**
 * Two real server processes (`node server/src/main.ts`) on one PostgreSQL database, one S3 bucket and
 * one SMTP server, started at the same moment: what one process does, the other must respect
 * (docs/decisions/025-several-processes.md). PostgreSQL only: PGlite is one process's database.
 */
const onPostgres = inject('testDatabase').kind === 'postgres';

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let s3: LocalS3;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    db = openPostgres(database.url, 2);
    [s3, smtp] = await Promise.all([startLocalS3(), startSmtp()]);
    const env = { DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...s3.env };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await Promise.all([s3?.close(), smtp?.close(), database?.drop()]);
  });

  const issueToken = async (userId: number) => (await issueSessionToken(db.db, { userId, ttlDays: 1 })).token;

  const call = (server: ServerProcess, path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Token ${init.token}` } : {}),
      },
    });

  it('are both ready, with the database and the shared bucket reachable', async () => {
    for (const server of [a, b]) {
      const ready = await call(server, '/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    }
  });

  it('run each periodic job once although both started together', async () => {
    const claims = await db.db.select().from(jobClaims).orderBy(jobClaims.name);
    expect(claims.map((c) => [c.name, c.runs])).toEqual([
      ['audit checkpoint', 1],
      ['session purge', 1],
      ['signing reminders', 1],
      ['staged upload purge', 1],
    ]);
  });

  it('of two claims of a job due at the same moment, one wins', async () => {
    const other = openPostgres(database.url, 2);
    try {
      await other.db.execute(sql`SELECT 1`);
      const won = await Promise.all([
        claimJobRun(db.db, 'race job', 60_000, 'one'),
        claimJobRun(other.db, 'race job', 60_000, 'two'),
      ]);
      expect(won.filter(Boolean)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a session signed out in one is refused by the other', async () => {
    // Signs in with the password alone (second factors across processes: the tests below).
    const user = await createUser(db.db, {
      membershipId: MEMBERSHIP.admin,
      password: 'multi-process-1',
      secondFactorExempt: true,
    });
    const login = await call(a, '/api/admin/login/', {
      method: 'POST',
      body: JSON.stringify({ email: user.email, password: 'multi-process-1' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect((await call(b, '/api/v1/session/', { token })).status).toBe(200); // now in b's cache
    expect((await call(a, '/api/admin/logout/', { method: 'POST', token })).status).toBe(200);
    await expect
      .poll(async () => (await call(b, '/api/v1/session/', { token })).status, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(401);
  });

  /** An authenticator app set up through `server` by a session (its password given when full). */
  async function enrolTotpThrough(server: ServerProcess, token: string, currentPassword?: string) {
    const setup = await call(server, '/api/v1/second-factors/totp/setup/', {
      method: 'POST',
      token,
      body: JSON.stringify(currentPassword ? { current_password: currentPassword } : {}),
    });
    expect(setup.status, await setup.clone().text()).toBe(200);
    const { secret } = (await setup.json()) as { secret: string };
    const confirm = await call(server, '/api/v1/second-factors/totp/confirm/', {
      method: 'POST',
      token,
      body: JSON.stringify({ code: await totpCode(secret) }),
    });
    expect(confirm.status, await confirm.clone().text()).toBe(200);
    const { sign_in } = (await confirm.json()) as { sign_in: { token: string } | null };
    return { secret, token: sign_in?.token ?? token };
  }

  it('a factor reset in one ends the account’s sessions in the other at once', async () => {
    const hc = await createUser(db.db, {
      membershipId: MEMBERSHIP.harvestCenter,
      password: 'multi-process-3',
    });
    const login = await call(a, '/api/admin/login/', {
      method: 'POST',
      body: JSON.stringify({ email: hc.email, password: 'multi-process-3' }),
    });
    const pending = (await login.json()) as { token: string; stage: string };
    expect(pending.stage).toBe('enrolment');
    const { token } = await enrolTotpThrough(a, pending.token);
    expect((await call(b, '/api/v1/session/', { token })).status).toBe(200); // now in b's cache
    const admin = await createUser(db.db, { membershipId: MEMBERSHIP.admin });
    const reset = await call(a, `/api/v1/users/${hc.id}/reset-second-factors/`, {
      method: 'POST',
      token: await issueToken(admin.id),
    });
    expect(reset.status).toBe(200);
    await expect
      .poll(async () => (await call(b, '/api/v1/session/', { token })).status, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(401);
    const again = await call(b, '/api/admin/login/', {
      method: 'POST',
      body: JSON.stringify({ email: hc.email, password: 'multi-process-3' }),
    });
    expect(((await again.json()) as { stage: string }).stage).toBe('enrolment');
  });

  it('an authenticator app removed in one is not accepted by the other', async () => {
    const patient = await createUser(db.db, { password: 'multi-process-4' });
    const { secret } = await enrolTotpThrough(b, await issueToken(patient.id), 'multi-process-4');
    const login = await call(b, '/api/admin/login/', {
      method: 'POST',
      body: JSON.stringify({ email: patient.email, password: 'multi-process-4' }),
    });
    const pending = (await login.json()) as { token: string; stage: string };
    expect(pending.stage).toBe('second_factor');
    const removed = await call(a, '/api/v1/second-factors/totp/remove/', {
      method: 'POST',
      token: await issueToken(patient.id),
      body: JSON.stringify({ current_password: 'multi-process-4' }),
    });
    expect(removed.status).toBe(200);
    const step = await call(b, '/api/v1/sign-in/totp/', {
      method: 'POST',
      token: pending.token,
      body: JSON.stringify({ code: await totpCode(secret, 30) }),
    });
    expect(step.status).toBe(400);
  });

  it('count failed logins together: the throttle holds across both', async () => {
    const user = await createUser(db.db, { password: 'multi-process-2' });
    const attempt = (server: ServerProcess, password: string) =>
      call(server, '/api/admin/login/', {
        method: 'POST',
        body: JSON.stringify({ email: user.email, password }),
      });
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++) {
      expect((await attempt(i % 2 === 0 ? a : b, 'wrong-password')).status).toBe(400);
    }
    // Five wrong passwords spread over both processes: even the right one is refused now, on either.
    expect((await attempt(a, 'multi-process-2')).status).toBe(429);
    expect((await attempt(b, 'multi-process-2')).status).toBe(429);
  });

  it('a file uploaded through one is filed through the other and served by the first (one bucket)', async () => {
    const w = await createChainWorld(db.db);
    const hcToken = await issueToken(w.hcA.id);
    const body = multipartBody({ filename: 'signed.pdf' }, { filename: 'signed.pdf', content: TINY_PDF });
    const staged = await fetch(`${a.url}/api/v1/documents/process-file/`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Token ${hcToken}` },
      body: new Uint8Array(body.payload),
    });
    expect(staged.status).toBe(200);
    const { filename } = (await staged.json()) as { filename: string };
    const filed = await call(b, '/api/v1/documents/upload/', {
      method: 'POST',
      token: hcToken,
      body: JSON.stringify({
        name: 'Ann Alpha',
        harvest_center_id: w.hcA.id,
        email: w.patientA1.email,
        patient_id: w.patientA1.id,
        storage: filename,
      }),
    });
    expect(filed.status, await filed.clone().text()).toBe(200);
    const [document] = ((await filed.json()) as { documents: { file_url: string }[] }).documents;
    const file = await call(a, document.file_url, { token: hcToken });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(TINY_PDF))).toBe(true);
  });

  it('send every queued mail exactly once with both mail workers draining at the same time', async () => {
    const count = 60;
    for (let i = 0; i < count; i++) {
      await enqueueMail(db.db, { to: `bulk-${i}@example.test`, subject: `Bulk ${i}`, text: `mail ${i}` });
    }
    const before = smtp.received.length;
    // Each request queues a reset mail and wakes its process's worker: both drain the outbox at once.
    const user = await createUser(db.db);
    const reset = (server: ServerProcess) =>
      call(server, '/api/v1/users/reset-password/', {
        method: 'POST',
        body: JSON.stringify({ email: user.email }),
      });
    expect((await Promise.all([reset(a), reset(b)])).map((r) => r.status)).toEqual([200, 200]);
    const pending = async () =>
      (
        await db.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'pending'))
      )[0].n;
    await expect.poll(pending, { timeout: 30_000, interval: 100 }).toBe(0);
    const bulk = smtp.received.slice(before).filter((m) => m.to[0]?.startsWith('bulk-'));
    const recipients = bulk.map((m) => m.to[0]);
    expect(new Set(recipients).size).toBe(count);
    expect(recipients).toHaveLength(count);
  });

  it('two outbox passes that read the same due mails at the same moment claim each once', async () => {
    // The race above at its tightest: both passes' SELECTs go out before either claims, on two pools.
    const other = openPostgres(database.url, 2);
    try {
      await other.db.execute(sql`SELECT 1`); // connected, like the first pool
      for (let i = 0; i < OUTBOX_BATCH; i++) {
        await enqueueMail(db.db, { to: `race-${i}@example.test`, subject: `Race ${i}`, text: 'race' });
      }
      const sent: string[] = [];
      const transport: MailTransport = {
        kind: 'file',
        async send(mail) {
          sent.push(String(mail.to));
        },
        close() {},
      };
      const counts = await Promise.all([
        deliverDueMail(db.db, transport, 'portal@example.test'),
        deliverDueMail(other.db, transport, 'portal@example.test'),
      ]);
      expect(counts[0] + counts[1]).toBe(OUTBOX_BATCH);
      expect(new Set(sent).size).toBe(sent.length);
    } finally {
      await other.close();
    }
  });

  it('a process asked to stop finishes, releases its job claims and exits 0, and the other carries on', async () => {
    const processId = a.logs.find((line) => line.processId)?.processId;
    expect(processId).toEqual(expect.any(String));
    // a holds a claim, as if stopped in the middle of a run: stopping releases it.
    await db.db
      .update(jobClaims)
      .set({ claimedBy: String(processId), leaseUntil: sql`now() + interval '10 minutes'` })
      .where(eq(jobClaims.name, 'session purge'));
    expect(await a.stop()).toBe(0);
    expect(a.logs.some((line) => line.msg === 'shut down')).toBe(true);
    const [purge] = await db.db.select().from(jobClaims).where(eq(jobClaims.name, 'session purge'));
    expect(purge).toMatchObject({ claimedBy: null, leaseUntil: null });
    expect((await call(b, '/readyz')).status).toBe(200);
    // Every log line is JSON with the request's id, which the answer carries too.
    const answer = await call(b, '/api/v1/session/', { headers: {} });
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => b.logs.some((line) => line.reqId === id), { timeout: 2000 }).toBe(true);
  });
});
