import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditIdentity, recordAudit, SYSTEM_IDENTITY } from '../src/audit-chain/audit-log.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

/**
 * Every audit row written in a session opened into another account names both: the person (the
 * admin behind Login As, the staff member behind "Access to this HC") and the account acted as.
 */
let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

async function lastAuditId(): Promise<number> {
  const [row] = await t.db.select({ id: max(auditLog.id) }).from(auditLog);
  return row?.id ?? 0;
}

async function rowsSince(id: number, action: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, id), eq(auditLog.action, action)));
}

const linkedSessions = [
  {
    name: 'Login As (an admin as the HC)',
    person: () => w.admin,
    open: async () =>
      injectAs(t.app, await tokenFor(t.app, w.admin), {
        method: 'POST',
        url: '/api/v1/users/login-as-user/',
        payload: { user_id: w.hcA.id },
      }),
    ended: 'impersonation.ended',
    email: 'login-as.added@example.test',
  },
  {
    name: 'Access to this HC (its staff member)',
    person: () => w.staffA,
    open: async () =>
      injectAs(t.app, await tokenFor(t.app, w.staffA), {
        method: 'POST',
        url: '/api/v1/hc-staff/access/',
        payload: { harvest_center_id: w.hcA.id },
      }),
    ended: 'staff_access.ended',
    email: 'staff-access.added@example.test',
  },
];

describe.each(linkedSessions)('audit rows written in $name', ({ person, open, ended, email }) => {
  it('name the person and the HC acted as, with the address', async () => {
    const opened = await open();
    expect(opened.statusCode, opened.body).toBe(200);
    const token: string = opened.json().token;
    const before = await lastAuditId();

    const profile = await injectAs(t.app, token, {
      method: 'PATCH',
      url: `/api/v1/users/${w.hcA.id}/`,
      payload: { city: `City ${email}` },
    });
    expect(profile.statusCode, profile.body).toBe(200);

    const added = await injectAs(t.app, token, {
      method: 'POST',
      url: '/api/v1/patients/',
      payload: { email, first_name: 'Acted', last_name: 'For', estimated_date_set_manually: false },
    });
    expect(added.statusCode, added.body).toBe(201);
    const patientId: number = added.json().data.id;

    const resent = await injectAs(t.app, token, {
      method: 'POST',
      url: `/api/v1/users/${patientId}/resend-invitation/`,
    });
    expect(resent.statusCode, resent.body).toBe(200);

    const back = await injectAs(t.app, token, { method: 'POST', url: '/api/v1/users/login-as-user/return/' });
    expect(back.statusCode, back.body).toBe(200);

    const identity = { actorUserId: person().id, actingAsUserId: w.hcA.id, ip: '127.0.0.1' };
    for (const action of ['user.profile_updated', 'patient.created', 'invitation.resent', ended]) {
      const rows = await rowsSince(before, action);
      expect(rows, action).toHaveLength(1);
      expect(rows[0], action).toMatchObject(identity);
    }
  });
});

describe('recordAudit', () => {
  it('takes its identity only from the constructors, never from the entry (checked by tsc)', () => {
    const typeChecks = (db: typeof t.db) => [
      // @ts-expect-error a plain object is not an AuditIdentity
      recordAudit(db, { actorUserId: 1, actingAsUserId: null, ip: '' }, { action: 'test.plain' }),
      // @ts-expect-error the entry has no identity fields to fill by hand
      recordAudit(db, SYSTEM_IDENTITY, { action: 'test.by-hand', actorUserId: 1 }),
    ];
    expect(typeof typeChecks).toBe('function');
  });

  it('refuses an identity not made by its constructors', async () => {
    const forged = { actorUserId: w.admin.id, actingAsUserId: null, ip: '' } as unknown as AuditIdentity;
    await expect(recordAudit(t.db, forged, { action: 'test.forged' })).rejects.toThrow(/identity/i);
    expect(await rowsSince(0, 'test.forged')).toHaveLength(0);
  });
});
