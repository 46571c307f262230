import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { COMMON_PASSWORD_MESSAGE, EMAIL_UNCONFIRMED_CODE } from '@portal/shared/auth';
import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  CONFIRMATION_RESENT_MESSAGE,
  SIGN_UP_ATTESTATION_MESSAGE,
  SIGN_UP_LINK_INVALID_MESSAGE,
  SIGN_UP_TAKEN_NOTICE_SUBJECT,
  SIGN_UP_THROTTLED_MESSAGE,
} from '@portal/shared/sign-up';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hcStaffLinks, rhcHcLinks } from '../src/db/schema/account-links.ts';
import { centerJoinRequests, users } from '../src/db/schema/accounts.ts';
import { documents, documentTemplates } from '../src/db/schema/documents.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { adminInvitations } from '../src/db/schema/sign-up.ts';
import { createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { linkOf, sentMailSince, sign, testCertificateEnv } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * The public sign-up forms (POST /api/v1/harvest-centers/ without a session), their links, the
 * e-mail confirmation before the first sign-in, admin invitations and what keeps abuse out.
 */

let t: TestApp;
let admin: UserRow;
let manager: UserRow;
let rep: UserRow;
let center: UserRow;
beforeAll(async () => {
  t = await buildTestApp({ env: await testCertificateEnv() });
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin);
  manager = await createUserOfRole(t.db, MEMBERSHIP.salesManager);
  rep = await createUserOfRole(t.db, MEMBERSHIP.salesRep, { salesManagerId: manager.id });
  center = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, {
    company: 'Sunrise Clinic',
    salesRepId: rep.id,
  });
});
afterAll(() => t.close());

let sequence = 0;
/** Each sign-up from its own address, so the per-address limit is tested on its own. */
function signUp(payload: object, remoteAddress = `10.1.0.${++sequence}`) {
  return t.app.inject({ method: 'POST', url: '/api/v1/harvest-centers/', payload, remoteAddress });
}

const ADDRESS = {
  address1: '1 Main St',
  city: 'Austin',
  state_desc: 'Texas',
  country_desc: 'United States',
};

function person(kind: string, extra: object = {}) {
  const n = ++sequence;
  return {
    first_name: 'New',
    last_name: `${kind} ${n}`,
    email: `${kind.toLowerCase().replaceAll(' ', '-')}-${n}@signup.test`,
    password: 'a-strong-password',
    ...extra,
  };
}

async function account(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

function login(email: string, password = 'a-strong-password') {
  return t.app.inject({ method: 'POST', url: '/api/admin/login/', payload: { email, password } });
}

/** Confirms an account through the link of its welcome mail. */
async function confirmFromMail(email: string) {
  const sent = await sentMailSince(t.app, t.mail.sent, 0);
  const mail = sent.filter((m) => m.to === email).at(-1);
  const token = mail?.text.match(/\/confirm-email\?token=([\w-]+)/)?.[1];
  expect(token, `confirmation mail to ${email}`).toBeTruthy();
  return t.app.inject({ method: 'POST', url: '/api/v1/sign-up/confirm-email/', payload: { token } });
}

/** The center's join token, as its staff link carries it. */
async function joinTokenOf(hc: UserRow): Promise<string> {
  const link = await injectAs(t.app, hc, {
    method: 'GET',
    url: `/api/v1/harvest-centers/${hc.id}/join-link/`,
  });
  return link.json().token;
}

/** Step 2 of the HC form: the attestation signed before the account exists, and its template. */
async function signedAttestation(name: string, email: string) {
  const started = await t.app.inject({ method: 'POST', url: '/auth/boldsign/', payload: { name, email } });
  expect(started.statusCode, started.body).toBe(200);
  const link = linkOf(started.json().signLink);
  expect((await sign(t.app, link, { type: 'typed', text: name })).statusCode).toBe(200);
  const made = await t.app.inject({ method: 'GET', url: `/auth/boldsign/?documentId=${link.documentId}` });
  expect(made.statusCode, made.body).toBe(200);
  return { template_id: made.json().templateId as string, document_id: made.json().docId as string };
}

describe('each form makes its account, tied to its link', () => {
  it('sales rep, manager and distributor: unconfirmed until the welcome mail is opened', async () => {
    for (const subscription of [MEMBERSHIP.salesRep, MEMBERSHIP.salesManager, MEMBERSHIP.salesDistributor]) {
      const body = person('Sales', { subscription });
      const created = await signUp(body);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ email: body.email, subscription });
      expect(await account(body.email)).toMatchObject({
        membershipId: subscription,
        selfSignup: true,
        emailConfirmedAt: null,
      });
      const refused = await login(body.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(EMAIL_UNCONFIRMED_CODE);
      expect((await confirmFromMail(body.email)).statusCode).toBe(200);
      expect((await login(body.email)).statusCode).toBe(200);
    }
  });

  it('harvest center: the rep of srid (and its manager), and the attestation it signed', async () => {
    const body = person('Center', { ...ADDRESS, company: 'New Clinic', phone_number: '5125550100' });
    const attestation = await signedAttestation('New Center', body.email);
    const created = await signUp({ ...body, subscription: 4, saless_rep_id: rep.id, ...attestation });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = await account(body.email);
    expect(await account(body.email)).toMatchObject({
      membershipId: 4,
      templateId: attestation.template_id,
      documentId: attestation.document_id,
    });
    const [doc] = await t.db
      .select()
      .from(documents)
      .where(eq(documents.documentId, attestation.document_id));
    expect(doc).toMatchObject({ signerUserId: id, harvestCenterId: id, status: 'Completed' });
    const [template] = await t.db
      .select()
      .from(documentTemplates)
      .where(eq(documentTemplates.id, attestation.template_id));
    expect(template.ownerUserId).toBe(id);

    // The rep and its manager see the new center.
    const ofRep = await injectAs(t.app, manager, { method: 'GET', url: `/api/v1/harvest-centers/${id}/` });
    expect(ofRep.statusCode, ofRep.body).toBe(200);
    expect(ofRep.json()).toMatchObject({ saless_rep_id: rep.id, sales_manager_id: manager.id });

    // The same signed attestation cannot serve a second sign-up.
    const second = await signUp({
      ...person('Center', { ...ADDRESS, company: 'Copy', phone_number: '5125550101' }),
      email: `copy-${body.email}`,
      subscription: 4,
      saless_rep_id: rep.id,
      ...attestation,
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(SIGN_UP_ATTESTATION_MESSAGE);
  });

  it('harvest center: refused without a signed attestation, or with one signed by someone else', async () => {
    const body = person('Center', {
      ...ADDRESS,
      company: 'C',
      phone_number: '1',
      subscription: 4,
      saless_rep_id: rep.id,
    });
    expect((await signUp(body)).json().errors).toHaveProperty('document_id');
    const othersAttestation = await signedAttestation('Other', 'other-person@signup.test');
    const refused = await signUp({ ...body, ...othersAttestation });
    expect(refused.statusCode).toBe(400);
    expect(await account(body.email)).toBeUndefined();
  });

  // Joining the center of hcid is a request it approves (center-join-requests.test.ts).
  it('referral harvest center: the rep of srid, and a request to the HC of hcid', async () => {
    const body = person('Referral', {
      ...ADDRESS,
      company: 'Referral Co',
      phone_number: '5125550102',
      zip_code: '78701',
    });
    const created = await signUp({
      ...body,
      subscription: 5,
      saless_rep_id: rep.id,
      hc_id: center.id,
      join_token: await joinTokenOf(center),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = await account(body.email);
    const requests = await t.db
      .select()
      .from(centerJoinRequests)
      .where(eq(centerJoinRequests.requesterId, id));
    expect(requests.map((r) => [r.kind, r.harvestCenterId, r.status])).toEqual([
      ['rhc', center.id, 'pending'],
    ]);
    expect(await t.db.select().from(rhcHcLinks).where(eq(rhcHcLinks.rhcId, id))).toEqual([]);
  });

  it('HC staff: a request to the HC of hcid, not a link yet', async () => {
    const body = person('Staff', {
      ...ADDRESS,
      subscription: 9,
      staff_hc_ids: [center.id],
      join_token: await joinTokenOf(center),
    });
    const created = await signUp(body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = await account(body.email);
    const requests = await t.db
      .select()
      .from(centerJoinRequests)
      .where(eq(centerJoinRequests.requesterId, id));
    expect(requests.map((r) => [r.kind, r.harvestCenterId, r.status])).toEqual([
      ['staff', center.id, 'pending'],
    ]);
    expect(await t.db.select().from(hcStaffLinks).where(eq(hcStaffLinks.staffId, id))).toEqual([]);
  });

  it('refuses a missing or unknown srid or hcid, and never makes an account linked to nobody', async () => {
    const base = person('Orphan', { ...ADDRESS, company: 'X', phone_number: '1', zip_code: '1' });
    const cases = [
      { subscription: 5 },
      { subscription: 5, saless_rep_id: manager.id },
      { subscription: 5, saless_rep_id: rep.id, hc_id: rep.id },
      { subscription: 9 },
      { subscription: 9, staff_hc_ids: [999_999] },
    ];
    for (const extra of cases) {
      const refused = await signUp({ ...base, ...extra });
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
      expect(refused.json().message).toBe(SIGN_UP_LINK_INVALID_MESSAGE);
    }
    expect(await account(base.email)).toBeUndefined();
  });

  it('requires the fields of its form (part 2 §5)', async () => {
    const refused = await signUp({
      ...person('Staff'),
      subscription: 9,
      staff_hc_ids: [center.id],
      join_token: await joinTokenOf(center),
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual([
      'address1',
      'city',
      'country_desc',
      'state_desc',
    ]);
    const rhc = await signUp({ ...person('Referral', ADDRESS), subscription: 5, saless_rep_id: rep.id });
    expect(Object.keys(rhc.json().errors).sort()).toEqual(['company', 'phone_number', 'zip_code']);
  });
});

describe('GET /api/v1/sign-up/link/', () => {
  const check = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/sign-up/link/?${query}` });

  it('answers whether a link leads anywhere, naming only the harvest center', async () => {
    expect((await check(`form=harvest-center&srid=${rep.id}`)).json()).toEqual({
      valid: true,
      harvest_center: null,
    });
    expect((await check(`form=harvest-center&srid=${center.id}`)).json().valid).toBe(false);
    expect((await check('form=harvest-center')).json().valid).toBe(false);
    expect(
      (await check(`form=hc-staff&hcid=${center.id}&token=${await joinTokenOf(center)}`)).json(),
    ).toEqual({
      valid: true,
      harvest_center: 'Sunrise Clinic',
    });
    expect((await check(`form=hc-staff&hcid=${center.id}`)).json().valid).toBe(false);
    expect((await check(`form=referral-harvest-center&srid=${rep.id}&hcid=${rep.id}`)).json().valid).toBe(
      false,
    );
    expect((await check('form=admin&pass=made-up')).json().valid).toBe(false);
    expect((await check('form=sales-rep')).json().valid).toBe(true);
    expect((await check('form=nothing')).statusCode).toBe(400);
  });
});

describe('admin invitations', () => {
  const invite = (who: UserRow = admin) =>
    injectAs(t.app, who, {
      method: 'POST',
      url: '/api/admin/admin-invitations/',
      payload: { note: 'For Dana' },
    });
  const passOf = (link: string) => new URL(link).searchParams.get('pass') ?? '';

  it('an invitation makes one admin, once; used, revoked and expired ones are refused', async () => {
    const made = await invite();
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().link).toMatch(/^http:\/\/portal\.test\/admin-registration-process\?pass=/);
    const pass = passOf(made.json().link);
    const body = person('Admin', { subscription: 3, pass });
    const created = await signUp(body);
    expect(created.statusCode, created.body).toBe(201);
    expect(await account(body.email)).toMatchObject({ membershipId: MEMBERSHIP.admin, isSuperuser: false });
    const reused = await signUp({ ...person('Admin', { subscription: 3, pass }) });
    expect(reused.statusCode).toBe(400);

    const list = await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/admin-invitations/' });
    expect(list.json().results[0]).toMatchObject({
      id: made.json().invitation.id,
      status: 'Used',
      note: 'For Dana',
    });

    const toRevoke = await invite();
    const revoked = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/admin/admin-invitations/${toRevoke.json().invitation.id}/revoke/`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(
      (await signUp(person('Admin', { subscription: 3, pass: passOf(toRevoke.json().link) }))).statusCode,
    ).toBe(400);

    const toExpire = await invite();
    await t.db
      .update(adminInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(adminInvitations.id, toExpire.json().invitation.id));
    expect(
      (await signUp(person('Admin', { subscription: 3, pass: passOf(toExpire.json().link) }))).statusCode,
    ).toBe(400);
  });

  it('only admins make, list and revoke invitations', async () => {
    expect((await invite(rep)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/admin-invitations/', payload: {} })).statusCode,
    ).toBe(401);
    expect(
      (await injectAs(t.app, center, { method: 'GET', url: '/api/admin/admin-invitations/' })).statusCode,
    ).toBe(403);
  });
});

describe('safe against abuse', () => {
  it('refuses the most common passwords and the honeypot', async () => {
    const common = await signUp(person('Sales', { subscription: 3, password: 'password1' }));
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toBe(COMMON_PASSWORD_MESSAGE);
    const bot = person('Sales', { subscription: 3, website: 'http://spam.example' });
    expect((await signUp(bot)).statusCode).toBe(400);
    expect(await account(bot.email)).toBeUndefined();
  });

  it('limits sign-ups per address, shared through the database', async () => {
    const limited = await buildTestApp({ env: { SIGNUP_RATE_LIMIT: '2' } });
    try {
      const post = (payload: object, remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/v1/harvest-centers/', payload, remoteAddress });
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await post(person('Sales', { subscription: 3 }), '10.9.9.9')).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await post(person('Sales', { subscription: 3 }), '10.9.9.9');
      expect(refused.json().message).toBe(SIGN_UP_THROTTLED_MESSAGE);
      expect((await post(person('Sales', { subscription: 3 }), '10.9.9.10')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('counts each limited route on its own: a dozen confirmation resends leave the sign-ups of the address alone', async () => {
    const limited = await buildTestApp({ env: { SIGNUP_RATE_LIMIT: '2' } });
    try {
      const from = { remoteAddress: '10.9.8.7' };
      for (let i = 0; i < 12; i++) {
        const resend = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/sign-up/resend-confirmation/',
          payload: { email: `nobody-${i}@signup.test` },
          ...from,
        });
        expect(resend.statusCode, resend.body).toBe(200);
      }
      const signUpFrom = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/harvest-centers/',
          payload: person('Sales', { subscription: 3 }),
          ...from,
        });
      expect([(await signUpFrom()).statusCode, (await signUpFrom()).statusCode]).toEqual([201, 201]);
      // The sign-up limit still holds for the address.
      const third = await signUpFrom();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(SIGN_UP_THROTTLED_MESSAGE);
    } finally {
      await limited.close();
    }
  });

  it('resending the confirmation answers the same for every address, and mails only a waiting account', async () => {
    const body = person('Sales', { subscription: 6 });
    await signUp(body);
    const before = (await sentMailSince(t.app, t.mail.sent, 0)).length;
    const resend = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/sign-up/resend-confirmation/', payload: { email } });
    for (const email of [body.email, 'nobody@signup.test', admin.email]) {
      const answer = await resend(email);
      expect(answer.json().message).toBe(CONFIRMATION_RESENT_MESSAGE);
    }
    const sent = (await sentMailSince(t.app, t.mail.sent, before)).map((m) => m.to);
    expect(sent).toEqual([body.email]);
    // The older link stopped working; the new one confirms.
    expect((await confirmFromMail(body.email)).statusCode).toBe(200);
    expect((await login(body.email)).statusCode).toBe(200);
  });

  it('a confirmation link works once', async () => {
    const body = person('Sales', { subscription: 8 });
    await signUp(body);
    expect((await confirmFromMail(body.email)).statusCode).toBe(200);
    expect((await confirmFromMail(body.email)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/sign-ups/', () => {
  it('lists self-made accounts with what they came through, for admins only', async () => {
    const body = person('Staff', {
      ...ADDRESS,
      subscription: 9,
      staff_hc_ids: [center.id],
      join_token: await joinTokenOf(center),
    });
    await signUp(body);
    const list = await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/sign-ups/?limit=50' });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().results.find((r: { email: string }) => r.email === body.email);
    expect(row).toMatchObject({
      role: 'HC Staff',
      linked_to: 'Sunrise Clinic',
      email_confirmed: false,
      is_active: true,
    });
    expect(list.json().results.some((r: { email: string }) => r.email === rep.email)).toBe(false);
    expect((await injectAs(t.app, rep, { method: 'GET', url: '/api/admin/sign-ups/' })).statusCode).toBe(403);
  });
});

/*
 * Issue 41 (enumeration): the public forms said "A user with this e-mail already exists." for a
 * taken address. They now answer as for a new one, make and attach nothing, and tell the owner.
 */
describe('a taken e-mail on a public form', () => {
  const noticesTo = async (email: string, from: number) =>
    (await sentMailSince(t.app, t.mail.sent, from)).filter(
      (m) => m.to === email && m.subject === SIGN_UP_TAKEN_NOTICE_SUBJECT,
    );
  /** The answer with the address it names taken out: what must not differ between the two. */
  const shapeOf = (answer: { message: string; data: { email: string } }) => ({
    ...answer,
    message: answer.message.replace(answer.data.email, '<email>'),
    data: { ...answer.data, email: '<email>' },
  });

  it('answers as for a new address, changes nothing of the account, and mails its owner instead', async () => {
    const owner = await createUserOfRole(t.db, MEMBERSHIP.patient, { email: 'owner-1@signup.test' });
    const [before] = await t.db.select().from(users).where(eq(users.id, owner.id));
    const mailsBefore = t.mail.sent.length;

    const fresh = await signUp(person('Sales', { subscription: 3 }));
    const taken = await signUp(person('Sales', { subscription: 3, email: 'OWNER-1@signup.test' }));
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(taken.statusCode, taken.body).toBe(fresh.statusCode);
    expect(shapeOf(taken.json())).toEqual(shapeOf(fresh.json()));
    expect(taken.json().data).toEqual({ email: 'owner-1@signup.test', subscription: 3 });
    expect(JSON.stringify(taken.json())).not.toContain(EMAIL_TAKEN_MESSAGE);
    expect(JSON.stringify(taken.json())).not.toContain(String(owner.id));

    // Nothing made, nothing changed: one account, still a patient, with its password and state.
    const rows = await t.db.select().from(users).where(sql`lower(${users.email}) = 'owner-1@signup.test'`);
    expect(rows).toEqual([before]);
    const sent = await sentMailSince(t.app, t.mail.sent, mailsBefore);
    // The owner hears of it; no welcome or confirmation link goes to the address.
    const toOwner = sent.filter((m) => m.to === owner.email);
    expect(toOwner.map((m) => m.subject)).toEqual([SIGN_UP_TAKEN_NOTICE_SUBJECT]);
    expect(toOwner[0].text).toContain('no new account was made');
    expect(toOwner[0].text).not.toMatch(/confirm-email\?token=/);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_up.email_taken'), eq(auditLog.targetUserId, owner.id)));
    expect(audit).toMatchObject({ actorUserId: null });
  });

  it('a join link with a taken address asks the center nothing; an admin invitation makes no admin', async () => {
    const owner = await createUserOfRole(t.db, MEMBERSHIP.salesRep, { email: 'owner-2@signup.test' });
    const mailsBefore = t.mail.sent.length;
    const staff = await signUp(
      person('Staff', {
        ...ADDRESS,
        subscription: 9,
        email: owner.email,
        staff_hc_ids: [center.id],
        join_token: await joinTokenOf(center),
      }),
    );
    expect(staff.statusCode, staff.body).toBe(201);
    const referral = await signUp(
      person('Referral', {
        ...ADDRESS,
        company: 'Referral Co',
        phone_number: '5125550102',
        zip_code: '78701',
        subscription: 5,
        email: owner.email,
        saless_rep_id: rep.id,
        hc_id: center.id,
        join_token: await joinTokenOf(center),
      }),
    );
    expect(referral.statusCode, referral.body).toBe(201);
    expect(
      await t.db.select().from(centerJoinRequests).where(eq(centerJoinRequests.requesterId, owner.id)),
    ).toEqual([]);
    const sent = await sentMailSince(t.app, t.mail.sent, mailsBefore);
    expect(sent.filter((m) => m.to === center.email)).toEqual([]);

    const invitation = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/admin/admin-invitations/',
      payload: { note: 'Taken' },
    });
    const pass = new URL(invitation.json().link).searchParams.get('pass') ?? '';
    const asAdmin = await signUp(person('Admin', { subscription: 3, email: owner.email, pass }));
    expect(asAdmin.statusCode, asAdmin.body).toBe(201);
    expect(await account(owner.email)).toMatchObject({
      membershipId: MEMBERSHIP.salesRep,
      isSuperuser: false,
    });
    const [used] = await t.db
      .select()
      .from(adminInvitations)
      .where(eq(adminInvitations.id, invitation.json().invitation.id));
    expect(used.usedBy).toBeNull();
    // A link that leads nowhere is refused as it is for a new address: the answer is the link's.
    const bare = await signUp(
      person('Staff', { ...ADDRESS, subscription: 9, email: owner.email, staff_hc_ids: [center.id] }),
    );
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(SIGN_UP_LINK_INVALID_MESSAGE);
  });

  it("a harvest center's attestation is checked as for a new address, and is not given to the owner", async () => {
    const owner = await createUserOfRole(t.db, MEMBERSHIP.lab, { email: 'owner-3@signup.test' });
    const base = {
      ...ADDRESS,
      company: 'Taken Clinic',
      phone_number: '1',
      subscription: 4,
      saless_rep_id: rep.id,
    };
    const forgedFresh = await signUp({ ...person('Center', base), template_id: 'x', document_id: 'y' });
    const forgedTaken = await signUp({
      ...person('Center', base),
      email: owner.email,
      template_id: 'x',
      document_id: 'y',
    });
    expect(forgedFresh.statusCode).toBe(400);
    expect(forgedTaken.statusCode).toBe(400);
    expect(forgedTaken.json()).toEqual(forgedFresh.json());

    const attestation = await signedAttestation('Taken Center', owner.email);
    const taken = await signUp({ ...person('Center', base), email: owner.email, ...attestation });
    expect(taken.statusCode, taken.body).toBe(201);
    const [doc] = await t.db
      .select()
      .from(documents)
      .where(eq(documents.documentId, attestation.document_id));
    expect(doc).toMatchObject({ signerUserId: null, harvestCenterId: null });
    expect(await account(owner.email)).toMatchObject({ membershipId: MEMBERSHIP.lab, templateId: '' });
  });

  it('mails an owner at most three notices an hour, however many tries', async () => {
    const owner = await createUserOfRole(t.db, MEMBERSHIP.salesManager, { email: 'owner-4@signup.test' });
    const mailsBefore = t.mail.sent.length;
    for (let i = 0; i < 5; i++) {
      expect((await signUp(person('Sales', { subscription: 3, email: owner.email }))).statusCode).toBe(201);
    }
    expect(await noticesTo(owner.email, mailsBefore)).toHaveLength(3);
  });
});
