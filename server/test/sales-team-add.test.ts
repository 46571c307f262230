import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { auditLog, mailOutbox } from '../src/db/schema/platform.ts';
import { findAccountById } from '../src/modules/accounts/account-view.repository.ts';
import { createSalesManager, createSalesRep } from '../src/seed/patient-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

let sequence = 0;
function newMember(extra: Record<string, unknown> = {}) {
  sequence++;
  return {
    first_name: 'New',
    last_name: `Member ${sequence}`,
    email: `new.member${sequence}@example.test`,
    phone_number: '555 0100',
    company: 'Acme Sales',
    generate_password: true,
    send_new_sales_team: true,
    password: 'placeholder',
    ...extra,
  };
}

const post = (who: { id: number }, url: string, payload: object) =>
  injectAs(t.app, who, { method: 'POST', url, payload });

async function mailsTo(email: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe('POST /api/v1/sales-rep/', () => {
  it("a manager's new rep joins its team, gets the invitation mail and no usable password", async () => {
    const body = newMember({ subscription: MEMBERSHIP.salesRep, sales_manager_id: w.managerA.id });
    const res = await post(w.managerA, '/api/v1/sales-rep/', body);
    expect(res.statusCode).toBe(201);
    const rep = res.json();
    expect(rep).toMatchObject({
      email: body.email,
      first_name: 'New',
      phone_number: '5550100',
      company: 'Acme Sales',
      subscription: MEMBERSHIP.salesRep,
      is_active: true,
      sales_manager_id: w.managerA.id,
      sales_distributor_id: w.distributorA.id,
      sales_manager_desc: { id: w.managerA.id },
    });
    const stored = await findAccountById(t.db, rep.id);
    expect(stored).toMatchObject({ membershipId: MEMBERSHIP.salesRep, salesManagerId: w.managerA.id });

    const mails = await mailsTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/set your password/);
    expect(mails[0].text).toMatch(/set-password\?token=/);
    expect(mails[0].text).toMatch(/expires in 7 days/);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sales_team.rep_added'), eq(auditLog.targetUserId, rep.id)));
    expect(audit).toMatchObject({ actorUserId: w.managerA.id });

    // The placeholder password the client sends is not the account's password.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/',
      payload: { email: body.email, password: 'placeholder' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('a manager cannot put the rep in another team', async () => {
    const body = newMember({ sales_manager_id: w.managerB.id });
    const res = await post(w.managerA, '/api/v1/sales-rep/', body);
    expect(res.statusCode).toBe(403);
    const [created] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(created).toBeUndefined();
  });

  it('an admin names the manager, or none', async () => {
    const named = await post(w.admin, '/api/v1/sales-rep/', newMember({ sales_manager_id: w.managerB.id }));
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({
      sales_manager_id: w.managerB.id,
      sales_distributor_id: w.distributorB.id,
    });
    const none = await post(w.admin, '/api/v1/sales-rep/', newMember());
    expect(none.statusCode).toBe(201);
    expect(none.json()).toMatchObject({ sales_manager_id: null, sales_distributor_id: null });
  });

  it('an admin naming something that is not an active manager gets a 400 on the field, nothing created', async () => {
    const body = newMember({ sales_manager_id: w.repA.id });
    const res = await post(w.admin, '/api/v1/sales-rep/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('sales_manager_id');
    expect(await t.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    expect(await mailsTo(body.email)).toHaveLength(0);
  });

  it.each([
    ['distributor', 'distributorA'],
    ['rep', 'repA'],
    ['harvest center', 'hcA'],
    ['patient', 'patientA1'],
    ['lab', 'labUser1'],
  ] as const)('a %s may not add a rep', async (_role, key) => {
    const body = newMember();
    const res = await post(w[key], '/api/v1/sales-rep/', body);
    expect(res.statusCode).toBe(403);
    expect(await mailsTo(body.email)).toHaveLength(0);
  });

  it('anonymous gets 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sales-rep/', payload: newMember() });
    expect(res.statusCode).toBe(401);
  });

  it('an e-mail already taken (any case) is a 400 on the field', async () => {
    const res = await post(w.managerA, '/api/v1/sales-rep/', newMember({ email: w.hcA.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: EMAIL_TAKEN_MESSAGE,
      errors: { email: EMAIL_TAKEN_MESSAGE },
    });
  });

  it('bad input is a 400 naming the fields', async () => {
    const res = await post(w.managerA, '/api/v1/sales-rep/', {
      ...newMember(),
      first_name: ' ',
      email: 'not-an-email',
      generate_password: false,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['first_name', 'email', 'generate_password']),
    );
  });
});

describe('POST /api/v1/sales-managers/', () => {
  it("a distributor's new manager joins its team and is invited", async () => {
    const body = newMember({ subscription: MEMBERSHIP.salesManager });
    const res = await post(w.distributorB, '/api/v1/sales-managers/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      subscription: MEMBERSHIP.salesManager,
      sales_distributor_id: w.distributorB.id,
      sales_distributor_desc: { id: w.distributorB.id },
    });
    expect(await mailsTo(body.email)).toHaveLength(1);
    // The new manager's team list is the distributor's.
    const team = await injectAs(t.app, w.distributorB, {
      method: 'GET',
      url: `/api/v1/sales-distributors/${w.distributorB.id}/sales-managers/?search=${encodeURIComponent(body.email)}`,
    });
    expect(team.json().count).toBe(1);
  });

  it('a distributor cannot put the manager in another team', async () => {
    const res = await post(
      w.distributorB,
      '/api/v1/sales-managers/',
      newMember({ sales_distributor_id: w.distributorA.id }),
    );
    expect(res.statusCode).toBe(403);
  });

  it('an admin names the distributor', async () => {
    const res = await post(
      w.admin,
      '/api/v1/sales-managers/',
      newMember({ sales_distributor_id: w.distributorA.id }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().sales_distributor_id).toBe(w.distributorA.id);
  });

  it.each([
    ['manager', 'managerA'],
    ['rep', 'repA'],
    ['harvest center', 'hcA'],
    ['HC staff', 'staffA'],
  ] as const)('a %s may not add a manager', async (_role, key) => {
    const res = await post(w[key], '/api/v1/sales-managers/', newMember());
    expect(res.statusCode).toBe(403);
  });

  it('an e-mail already taken is a 400 on the field', async () => {
    const res = await post(w.distributorA, '/api/v1/sales-managers/', newMember({ email: w.repB.email }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: EMAIL_TAKEN_MESSAGE });
  });
});

describe('GET /api/v1/sales-rep/{id}/user-exists/', () => {
  const url = (id: number) => `/api/v1/sales-rep/${id}/user-exists/`;

  it("anonymous: whether the rep exists and its team's ids, as the spec's answer has, nothing else", async () => {
    const res = await t.app.inject({ method: 'GET', url: url(w.repA.id) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['exists', 'data']);
    expect(Object.keys(body.data)).toEqual(['sales_manager_id', 'sales_distributor_id']);
    expect(body).toEqual({
      exists: true,
      data: { sales_manager_id: w.managerA.id, sales_distributor_id: w.distributorA.id },
    });
  });

  it('a signed-in caller gets the same answer, whether or not it may see the rep', async () => {
    const anonymous = (await t.app.inject({ method: 'GET', url: url(w.repA.id) })).json();
    for (const who of [w.managerB, w.managerA, w.admin]) {
      const res = await injectAs(t.app, who, { method: 'GET', url: url(w.repA.id) });
      expect(res.json()).toEqual(anonymous);
    }
  });

  it('unknown ids, other memberships and inactive reps do not exist', async () => {
    const inactive = await createSalesRep(t.db, { manager: w.managerA, isActive: false });
    const manager = await createSalesManager(t.db);
    for (const id of [999999, manager.id, w.hcA.id, inactive.id]) {
      const res = await t.app.inject({ method: 'GET', url: url(id) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ exists: false });
    }
  });

  it('a malformed id is a 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sales-rep/abc/user-exists/' });
    expect(res.statusCode).toBe(400);
  });
});
