import { MEMBERSHIP } from '@portal/shared/memberships';
import { SIGN_UP_LINK_INVALID_MESSAGE } from '@portal/shared/sign-up';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hcStaffLinks, rhcHcLinks } from '../src/db/schema/account-links.ts';
import { users } from '../src/db/schema/accounts.ts';
import { createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import {
  createHarvestCenter,
  createHcStaff,
  createPatient,
  createSalesRep,
} from '../src/seed/patient-factories.ts';
import { sentMailSince } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp, tokenFor } from './helpers/test-app.ts';

/*
 * Issue 32, finding 1: a stranger could become staff of any harvest center with its sequential id,
 * then read its patients and charge its saved card. Joining a center (staff through its link, an RHC
 * through hcid) is now a request the center or an admin approves; nothing is shared before that.
 */

let t: TestApp;
let admin: UserRow;
let rep: UserRow;
let center: UserRow;
let otherCenter: UserRow;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin);
  rep = await createSalesRep(t.db);
  center = await createHarvestCenter(t.db, { company: 'Lakeside Harvest', rep });
  otherCenter = await createHarvestCenter(t.db, { company: 'Other Harvest', rep });
  // The center's patients are what a stranger was after.
  await createPatient(t.db, { harvestCenter: center });
});
afterAll(() => t.close());

let sequence = 0;
const ADDRESS = { address1: '1 Main St', city: 'Austin', state_desc: 'Texas', country_desc: 'United States' };

function staffSignUp(extra: object) {
  const n = ++sequence;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/harvest-centers/',
    remoteAddress: `10.9.0.${n}`,
    payload: {
      first_name: 'Eve',
      last_name: `Stranger ${n}`,
      email: `stranger-${n}@join.test`,
      password: 'a-strong-password',
      subscription: 9,
      ...ADDRESS,
      ...extra,
    },
  });
}

function rhcSignUp(extra: object) {
  const n = ++sequence;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/harvest-centers/',
    remoteAddress: `10.9.1.${n}`,
    payload: {
      first_name: 'Rita',
      last_name: `Referral ${n}`,
      email: `referral-${n}@join.test`,
      password: 'a-strong-password',
      subscription: 5,
      company: `Referral ${n}`,
      phone_number: '5125550100',
      zip_code: '78701',
      saless_rep_id: rep.id,
      ...ADDRESS,
      ...extra,
    },
  });
}

const linkCheck = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/sign-up/link/?${query}` });

async function joinLinkOf(hc: UserRow) {
  const res = await injectAs(t.app, hc, {
    method: 'GET',
    url: `/api/v1/harvest-centers/${hc.id}/join-link/`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { harvest_center_id: number; token: string; staff_url: string };
}

/** The new account, confirmed and with the membership agreement accepted: as far as a stranger gets alone. */
/** The account a public sign-up made (its answer names the e-mail, not the account), made ready to sign in. */
async function readyAccount(signedUp: { json(): { data: { email: string } } }) {
  const [row] = await t.db
    .update(users)
    .set({ emailConfirmedAt: new Date(), agreementAcceptedAt: new Date() })
    .where(eq(users.email, signedUp.json().data.email))
    .returning({ id: users.id });
  return { id: row.id } as UserRow;
}

function requestsOf(who: UserRow, hc: UserRow, status = 'pending') {
  return injectAs(t.app, who, {
    method: 'GET',
    url: `/api/v1/harvest-centers/${hc.id}/join-requests/?status=${status}`,
  });
}

function decide(who: UserRow, requestId: number, decision: 'approve' | 'decline') {
  return injectAs(t.app, who, { method: 'POST', url: `/api/v1/join-requests/${requestId}/${decision}/` });
}

function staffAccess(staff: UserRow | string, hc: UserRow) {
  return injectAs(t.app, staff, {
    method: 'POST',
    url: '/api/v1/hc-staff/access/',
    payload: { harvest_center_id: hc.id },
  });
}

describe('the staff sign-up link', () => {
  it('the bare id names nothing and makes nobody staff; the token leads to a pending request only', async () => {
    // The attack: the center's sequential id alone.
    expect((await linkCheck(`form=hc-staff&hcid=${center.id}`)).json()).toEqual({
      valid: false,
      harvest_center: null,
    });
    const bare = await staffSignUp({ staff_hc_ids: [center.id] });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().message).toBe(SIGN_UP_LINK_INVALID_MESSAGE);
    const wrong = await staffSignUp({
      staff_hc_ids: [center.id],
      join_token: (await joinLinkOf(otherCenter)).token,
    });
    expect(wrong.statusCode).toBe(400);

    const { token, staff_url } = await joinLinkOf(center);
    expect(token).toMatch(/^[\w-]{32,}$/);
    expect(staff_url).toBe(`http://portal.test/hc-staff-registration?hcid=${center.id}&token=${token}`);
    expect((await linkCheck(`form=hc-staff&hcid=${center.id}&token=${token}`)).json()).toEqual({
      valid: true,
      harvest_center: 'Lakeside Harvest',
    });

    const mailsBefore = t.mail.sent.length;
    const created = await staffSignUp({ staff_hc_ids: [center.id], join_token: token });
    expect(created.statusCode, created.body).toBe(201);
    const stranger = await readyAccount(created);
    // Pending: no link, no access of any kind.
    expect(await t.db.select().from(hcStaffLinks).where(eq(hcStaffLinks.staffId, stranger.id))).toEqual([]);
    expect((await staffAccess(stranger, center)).statusCode).toBe(403);
    const patients = await injectAs(t.app, stranger, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${center.id}/patients/`,
    });
    expect(patients.statusCode).toBe(403);
    const own = await injectAs(t.app, stranger, {
      method: 'GET',
      url: `/api/v1/hc-staff/${stranger.id}/hc-list/`,
    });
    expect(own.json().harvest_centers).toEqual([]);
    expect(own.json().join_requests).toEqual([
      expect.objectContaining({
        harvest_center: { id: center.id, company: 'Lakeside Harvest' },
        status: 'pending',
      }),
    ]);

    // The center is told, and sees the request.
    const mails = await sentMailSince(t.app, t.mail.sent, mailsBefore);
    const toCenter = mails.find((m) => m.to === center.email);
    expect(toCenter?.subject).toMatch(/asks to join Lakeside Harvest/);
    expect(toCenter?.text).toContain('/staff-view');
    const listed = await requestsOf(center, center);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results).toEqual([
      expect.objectContaining({
        kind: 'staff',
        status: 'pending',
        requester: expect.objectContaining({ id: stranger.id, email: created.json().data.email }),
      }),
    ]);
  });

  it('only the center and admins decide; decline keeps everything closed, approve opens it', async () => {
    const { token } = await joinLinkOf(center);
    const declinedOne = await readyAccount(
      await staffSignUp({ staff_hc_ids: [center.id], join_token: token }),
    );
    const approvedOne = await readyAccount(
      await staffSignUp({ staff_hc_ids: [center.id], join_token: token }),
    );
    const pending = (await requestsOf(center, center)).json().results as {
      id: number;
      requester: { id: number };
    }[];
    const requestOf = (user: UserRow) => pending.find((r) => r.requester.id === user.id)!.id;

    // Not the requester, not another center, not another role.
    expect((await decide(approvedOne, requestOf(approvedOne), 'approve')).statusCode).toBe(403);
    expect((await decide(otherCenter, requestOf(approvedOne), 'approve')).statusCode).toBe(404);
    expect((await requestsOf(otherCenter, center)).statusCode).toBe(403);
    expect((await decide(rep, requestOf(approvedOne), 'approve')).statusCode).toBe(403);

    expect((await decide(center, requestOf(declinedOne), 'decline')).statusCode).toBe(200);
    expect((await staffAccess(declinedOne, center)).statusCode).toBe(403);
    expect((await decide(center, requestOf(declinedOne), 'approve')).statusCode).toBe(409);

    const mailsBefore = t.mail.sent.length;
    const approved = await decide(center, requestOf(approvedOne), 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    expect((await staffAccess(approvedOne, center)).statusCode).toBe(200);
    const [approvedMail] = (await sentMailSince(t.app, t.mail.sent, mailsBefore)).filter((m) =>
      m.subject.includes('approved'),
    );
    expect(approvedMail).toBeDefined();
    const stillPending = (await requestsOf(center, center))
      .json()
      .results.map((r: { requester: { id: number } }) => r.requester.id);
    expect(stillPending).not.toContain(approvedOne.id);
    expect(stillPending).not.toContain(declinedOne.id);
  });

  it('an admin approves too', async () => {
    const { token } = await joinLinkOf(otherCenter);
    const staff = await readyAccount(
      await staffSignUp({ staff_hc_ids: [otherCenter.id], join_token: token }),
    );
    const listed = await injectAs(t.app, admin, {
      method: 'GET',
      url: '/api/admin/join-requests/?kind=staff',
    });
    expect(listed.statusCode).toBe(200);
    const request = (listed.json().results as { id: number; requester: { id: number } }[]).find(
      (r) => r.requester.id === staff.id,
    );
    expect(request).toBeDefined();
    expect((await decide(admin, request!.id, 'approve')).statusCode).toBe(200);
    expect((await staffAccess(staff, otherCenter)).statusCode).toBe(200);
    expect(
      (await injectAs(t.app, center, { method: 'GET', url: '/api/admin/join-requests/' })).statusCode,
    ).toBe(403);
  });

  it('renewing the link voids the old one', async () => {
    const old = await joinLinkOf(center);
    const renewed = await injectAs(t.app, center, {
      method: 'POST',
      url: `/api/v1/harvest-centers/${center.id}/join-link/renew/`,
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().token).not.toBe(old.token);
    expect((await joinLinkOf(center)).token).toBe(renewed.json().token);
    expect((await linkCheck(`form=hc-staff&hcid=${center.id}&token=${old.token}`)).json().valid).toBe(false);
    expect((await staffSignUp({ staff_hc_ids: [center.id], join_token: old.token })).statusCode).toBe(400);
    expect(
      (await staffSignUp({ staff_hc_ids: [center.id], join_token: renewed.json().token })).statusCode,
    ).toBe(201);
    // Another center cannot read or renew this center's link.
    const foreign = await injectAs(t.app, otherCenter, {
      method: 'GET',
      url: `/api/v1/harvest-centers/${center.id}/join-link/`,
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('an RHC naming a harvest center (hcid)', () => {
  it('needs the center link and stays unassociated until the center approves', async () => {
    const bare = await rhcSignUp({ hc_id: center.id });
    expect(bare.statusCode).toBe(400);
    expect((await linkCheck(`form=referral-harvest-center&srid=${rep.id}&hcid=${center.id}`)).json()).toEqual(
      { valid: false, harvest_center: null },
    );

    const { token } = await joinLinkOf(center);
    expect(
      (
        await linkCheck(`form=referral-harvest-center&srid=${rep.id}&hcid=${center.id}&token=${token}`)
      ).json(),
    ).toEqual({ valid: true, harvest_center: 'Lakeside Harvest' });
    const created = await rhcSignUp({ hc_id: center.id, join_token: token });
    expect(created.statusCode, created.body).toBe(201);
    const rhc = await readyAccount(created);
    expect(await t.db.select().from(rhcHcLinks).where(eq(rhcHcLinks.rhcId, rhc.id))).toEqual([]);

    const request = (await requestsOf(center, center))
      .json()
      .results.find((r: { requester: { id: number } }) => r.requester.id === rhc.id);
    expect(request.kind).toBe('rhc');
    expect((await decide(center, request.id, 'approve')).statusCode).toBe(200);
    const links = await t.db.select().from(rhcHcLinks).where(eq(rhcHcLinks.rhcId, rhc.id));
    expect(links.map((l) => l.harvestCenterId)).toEqual([center.id]);
  });

  it('without hcid an RHC signs up with its rep alone, as before', async () => {
    expect((await rhcSignUp({})).statusCode).toBe(201);
  });
});

describe('taking a link away ends the sessions that rode on it (finding 5)', () => {
  it("a removed staff member's open 'Access to this HC' session stops at once", async () => {
    const staff = await createHcStaff(t.db, [center]);
    const own = await tokenFor(t.app, staff);
    const access = await staffAccess(own, center);
    expect(access.statusCode).toBe(200);
    const asCenter = access.json().token as string;
    const read = () =>
      injectAs(t.app, asCenter, { method: 'GET', url: `/api/v1/harvest-centers/${center.id}/patients/` });
    expect((await read()).statusCode).toBe(200);

    const removed = await injectAs(t.app, center, {
      method: 'POST',
      url: '/api/v1/hc-staff/remove-user/',
      payload: { user_id: staff.id, hc_id: center.id },
    });
    expect(removed.statusCode).toBe(200);
    expect((await read()).statusCode).toBe(401);
    // The staff member's own session stays.
    expect(
      (await injectAs(t.app, own, { method: 'GET', url: `/api/v1/users/${staff.id}/` })).statusCode,
    ).toBe(200);
  });

  it("an admin taking the center from a staff member's set ends that session too", async () => {
    const staff = await createHcStaff(t.db, [center, otherCenter]);
    const intoCenter = (await staffAccess(staff, center)).json().token as string;
    const intoOther = (await staffAccess(staff, otherCenter)).json().token as string;
    const updated = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/hc-staff/${staff.id}/`,
      payload: { staff_hc_ids: String(otherCenter.id) },
    });
    expect(updated.statusCode).toBe(200);
    const patientsOf = (token: string, hc: UserRow) =>
      injectAs(t.app, token, { method: 'GET', url: `/api/v1/harvest-centers/${hc.id}/patients/` });
    expect((await patientsOf(intoCenter, center)).statusCode).toBe(401);
    expect((await patientsOf(intoOther, otherCenter)).statusCode).toBe(200);
  });
});
