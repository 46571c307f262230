import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import { TRANSACTION_TEXTS, type TTransactionPage, type TTransactionRow } from '@portal/shared/transactions';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { transactionNotes, transactions } from '../src/db/schema/commerce.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { createUser } from '../src/seed/factories.ts';
import { createCommissionRate, createTransaction } from '../src/seed/transaction-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
type Row = Awaited<ReturnType<typeof createTransaction>>;
let tA1: Row;
let tA2: Row;
let tA3: Row;
let tB1: Row;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
  // Rates: 10% / 5% / 2.5% on the processing fee from 30 days ago; the rep's rises to 20% 5 days ago.
  await createCommissionRate(t.db, {
    productId: PRODUCT.processingFee,
    level: 'rep',
    rateBasisPoints: 1000,
    effectiveFrom: daysAgo(30),
  });
  await createCommissionRate(t.db, {
    productId: PRODUCT.processingFee,
    level: 'manager',
    rateBasisPoints: 500,
    effectiveFrom: daysAgo(30),
  });
  await createCommissionRate(t.db, {
    productId: PRODUCT.processingFee,
    level: 'distributor',
    rateBasisPoints: 250,
    effectiveFrom: daysAgo(30),
  });
  tA1 = await createTransaction(t.db, {
    buyer: w.hcA,
    patient: w.patientA1,
    amountCents: 100_000,
    createdAt: daysAgo(10),
    couponCode: '=SPRING',
    discountCents: 5_000,
  });
  await createCommissionRate(t.db, {
    productId: PRODUCT.processingFee,
    level: 'rep',
    rateBasisPoints: 2000,
    effectiveFrom: daysAgo(5),
  });
  tA2 = await createTransaction(t.db, {
    buyer: w.hcA2,
    patient: w.patientA3,
    productId: PRODUCT.vials,
    quantity: 2,
    createdAt: daysAgo(3),
  });
  tA3 = await createTransaction(t.db, {
    buyer: w.rhcA,
    harvestCenter: w.hcA,
    referralCenter: w.rhcA,
    patient: w.patientA2,
    amountCents: 100_000,
    createdAt: daysAgo(1),
  });
  tB1 = await createTransaction(t.db, { buyer: w.hcB, patient: w.patientB1, createdAt: daysAgo(2) });
});
afterAll(() => t.close());

type Who = Parameters<typeof injectAs>[1];
const get = (who: Who, url: string) => injectAs(t.app, who, { method: 'GET', url });
const ids = (page: TTransactionPage) => page.results.map((row) => row.id);

async function adminList(query: string): Promise<number[]> {
  const response = await get(w.admin, `/api/admin/transactions/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ids(response.json());
}

describe('the admin report', () => {
  it('lists every transaction newest first with the row of part 2 §3, 10 a page by default', async () => {
    const response = await get(w.admin, '/api/admin/transactions/');
    expect(response.statusCode).toBe(200);
    const page: TTransactionPage = response.json();
    expect(page.count).toBe(4);
    expect(ids(page)).toEqual([tA3.id, tB1.id, tA2.id, tA1.id]);
    const row = page.results.find((r) => r.id === tA3.id) as TTransactionRow;
    expect(row).toMatchObject({
      harvest_center: w.hcA.id,
      hc: 'Alpha Harvest',
      referral_harvest_center: w.rhcA.id,
      rhc: 'Alpha Referral',
      patient: w.patientA2.id,
      patient_desc: 'Art Alpha',
      sales_rep: w.repA.id,
      sales_manager_id: w.managerA.id,
      sales_distributor_id: w.distributorA.id,
      amount: '1000.00',
      commission_paid: false,
    });
    const paged = await get(w.admin, '/api/admin/transactions/?limit=2&offset=2');
    expect(paged.json()).toMatchObject({ count: 4 });
    expect(ids(paged.json())).toEqual([tA2.id, tA1.id]);
  });

  it('applies each of the ten filters', async () => {
    expect(await adminList(`sales_rep_id=${w.repA2.id}`)).toEqual([tA2.id]);
    expect(await adminList(`sales_manager_id=${w.managerA.id}`)).toEqual([tA3.id, tA2.id, tA1.id]);
    expect(await adminList(`sales_distributor_id=${w.distributorB.id}`)).toEqual([tB1.id]);
    expect(await adminList(`harvest_center_id=${w.hcA.id}`)).toEqual([tA3.id, tA1.id]);
    expect(await adminList(`referral_harvest_center_id=${w.rhcA.id}`)).toEqual([tA3.id]);
    expect(await adminList(`product_id=${PRODUCT.vials}`)).toEqual([tA2.id]);
    expect(await adminList(`patient_id=${w.patientB1.id}`)).toEqual([tB1.id]);
    expect(await adminList(`date_after=${isoDay(daysAgo(3))}&date_before=${isoDay(daysAgo(2))}`)).toEqual([
      tB1.id,
      tA2.id,
    ]);
    expect(await adminList(`date_before=${isoDay(daysAgo(10))}`)).toEqual([tA1.id]);
    // Search: a center's company, a patient's name, the coupon, the invoice number, the product.
    expect(await adminList('search=beta%20harv')).toEqual([tB1.id]);
    expect(await adminList('search=Ann%20Alpha')).toEqual([tA1.id]);
    expect(await adminList('search=%3Dspring')).toEqual([tA1.id]);
    expect(await adminList(`search=${tA2.invoiceId}`)).toEqual([tA2.id]);
    expect(await adminList('search=vials')).toEqual([tA2.id]);
    expect(await adminList(`sales_rep_id=${w.repA.id}&patient_id=${w.patientB1.id}`)).toEqual([]);
  });

  it('refuses bad filters with a 400 and other roles with a 403', async () => {
    const reversed = await get(
      w.admin,
      '/api/admin/transactions/?date_after=2026-05-02&date_before=2026-05-01',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.date_before).toBe(TRANSACTION_TEXTS.dateRange);
    expect((await get(w.admin, '/api/admin/transactions/?sales_rep_id=abc')).statusCode).toBe(400);
    expect((await get(w.admin, '/api/admin/transactions/?date_after=2026-02-30')).statusCode).toBe(400);
    for (const who of [w.repA, w.managerA, w.distributorA, w.hcA]) {
      expect((await get(who, '/api/admin/transactions/')).statusCode).toBe(403);
    }
  });
});

describe('the sales reports see their own team only', () => {
  it('a rep sees its own sales, never another rep’s', async () => {
    const own = await get(w.repA, `/api/v1/sales-rep/${w.repA.id}/my-transactions/`);
    expect(ids(own.json())).toEqual([tA3.id, tA1.id]);
    expect((await get(w.repA, `/api/v1/sales-rep/${w.repA2.id}/my-transactions/`)).statusCode).toBe(403);
    expect((await get(w.repA, `/api/v1/sales-rep/${w.managerA.id}/team-transactions/`)).statusCode).toBe(403);
  });

  it('a manager sees its team, and never another manager’s', async () => {
    const team = await get(w.managerA, `/api/v1/sales-rep/${w.managerA.id}/team-transactions/`);
    expect(ids(team.json())).toEqual([tA3.id, tA2.id, tA1.id]);
    expect((await get(w.managerA, `/api/v1/sales-rep/${w.managerB.id}/team-transactions/`)).statusCode).toBe(
      403,
    );
    expect((await get(w.managerA, `/api/v1/sales-rep/${w.repA2.id}/my-transactions/`)).json().count).toBe(1);
    expect((await get(w.managerA, `/api/v1/sales-rep/${w.repB.id}/my-transactions/`)).statusCode).toBe(403);
    const filtered = await get(
      w.managerA,
      `/api/v1/sales-rep/${w.managerA.id}/team-transactions/?sales_rep_id=${w.repA2.id}`,
    );
    expect(ids(filtered.json())).toEqual([tA2.id]);
  });

  it('a distributor sees its teams, a manager of them, and not another distributor’s', async () => {
    const teams = await get(
      w.distributorA,
      `/api/v1/sales-distributors/${w.distributorA.id}/team-transactions/`,
    );
    expect(ids(teams.json())).toEqual([tA3.id, tA2.id, tA1.id]);
    const managerTeam = await get(w.distributorA, `/api/v1/sales-rep/${w.managerA.id}/team-transactions/`);
    expect(ids(managerTeam.json())).toEqual([tA3.id, tA2.id, tA1.id]);
    expect(
      (await get(w.distributorA, `/api/v1/sales-rep/${w.managerB.id}/team-transactions/`)).statusCode,
    ).toBe(403);
    expect((await get(w.distributorA, `/api/v1/sales-rep/${w.repB.id}/my-transactions/`)).statusCode).toBe(
      403,
    );
    expect(
      (await get(w.distributorA, `/api/v1/sales-distributors/${w.distributorB.id}/team-transactions/`))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(w.managerA, `/api/v1/sales-distributors/${w.distributorA.id}/team-transactions/`))
        .statusCode,
    ).toBe(403);
    expect(
      (await get(w.hcA, `/api/v1/sales-distributors/${w.distributorA.id}/team-transactions/`)).statusCode,
    ).toBe(403);
  });

  it('the detail: admins, the team and the parties; anyone else gets 404', async () => {
    for (const who of [w.admin, w.repA, w.managerA, w.distributorA, w.hcA, w.patientA1]) {
      const response = await get(who, `/api/v1/transactions/${tA1.id}/`);
      expect(response.statusCode, `${who.id}`).toBe(200);
      expect(response.json()).toMatchObject({ id: tA1.id });
    }
    for (const who of [w.repA2, w.managerB, w.distributorB, w.hcB, w.patientA2]) {
      expect((await get(who, `/api/v1/transactions/${tA1.id}/`)).statusCode, `${who.id}`).toBe(404);
    }
    expect((await get(w.labUser1, `/api/v1/transactions/${tA1.id}/`)).statusCode).toBe(403);
  });

  it('get-last-id answers the newest id the caller sees', async () => {
    expect((await get(w.admin, '/api/v1/transactions/get-last-id/')).json()).toEqual({
      transaction_id: Math.max(tA1.id, tA2.id, tA3.id, tB1.id),
    });
    expect((await get(w.repB, '/api/v1/transactions/get-last-id/')).json()).toEqual({
      transaction_id: tB1.id,
    });
    expect((await get(w.repA2, '/api/v1/transactions/get-last-id/')).json()).toEqual({
      transaction_id: tA2.id,
    });
  });
});

describe('commissions', () => {
  it('each transaction keeps the shares of the rates in force when it was written', () => {
    // tA1 (10 days ago): rep 10%, manager 5%, distributor 2.5% of $1,000.
    expect([tA1.repCommissionCents, tA1.managerCommissionCents, tA1.distributorCommissionCents]).toEqual([
      10_000, 5_000, 2_500,
    ]);
    // tA3 (yesterday): the rep's rate had risen to 20%.
    expect(tA3.repCommissionCents).toBe(20_000);
    // Vials have no rate: nothing.
    expect(tA2.repCommissionCents).toBe(0);
  });

  it('a later rate change never rewrites a stored share', async () => {
    await createCommissionRate(t.db, {
      productId: PRODUCT.processingFee,
      level: 'manager',
      rateBasisPoints: 900,
    });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, tA1.id));
    expect(row.managerCommissionCents).toBe(5_000);
  });

  it('the summary: admins all lines, a manager its own and its reps’, a rep its own; only admins mark paid', async () => {
    const period = `date_after=${isoDay(daysAgo(20))}&date_before=${isoDay(new Date())}`;
    const all = (await get(w.admin, `/api/v1/commissions/?${period}`)).json();
    expect(all.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'rep', user_id: w.repA.id, unpaid_cents: 30_000, transactions: 2 }),
        expect.objectContaining({ level: 'manager', user_id: w.managerA.id }),
        expect.objectContaining({ level: 'distributor', user_id: w.distributorB.id }),
      ]),
    );
    expect(all.months).toHaveLength(12);
    const manager = (await get(w.managerA, `/api/v1/commissions/?${period}`)).json();
    expect(new Set(manager.lines.map((l: { user_id: number }) => l.user_id))).toEqual(
      new Set([w.repA.id, w.repA2.id, w.managerA.id]),
    );
    const rep = (await get(w.repA2, `/api/v1/commissions/?${period}`)).json();
    expect(rep.lines.map((l: { user_id: number }) => l.user_id)).toEqual([w.repA2.id]);
    expect((await get(w.hcA, `/api/v1/commissions/?${period}`)).statusCode).toBe(403);

    const pay = { lines: [{ level: 'rep', user_id: w.repA.id }] };
    expect(
      (
        await injectAs(t.app, w.managerA, {
          method: 'POST',
          url: '/api/admin/commissions/mark-paid/',
          payload: pay,
        })
      ).statusCode,
    ).toBe(403);
    const paid = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/admin/commissions/mark-paid/',
      payload: pay,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ shares_paid: 2, paid_cents: 30_000 });
    const [after] = await t.db.select().from(transactions).where(eq(transactions.id, tA1.id));
    expect(after.repCommissionPaidAt).not.toBeNull();
    // The manager's and distributor's shares of it are still due: not "commission paid" yet.
    expect(after.commissionPaid).toBe(false);
    // Issue 42: the rep's transactions read the same truth as /commissions: his share is paid.
    const paidOf = (page: TTransactionPage) => page.results.find((row) => row.id === tA1.id)?.commission_paid;
    const mine = (who: Who) => get(who, `/api/v1/sales-rep/${w.repA.id}/my-transactions/`);
    expect(paidOf((await mine(w.repA)).json())).toBe(true);
    expect(paidOf((await mine(w.admin)).json())).toBe(true);
    expect((await get(w.repA, `/api/v1/transactions/${tA1.id}/`)).json().commission_paid).toBe(true);
    expect(paidOf((await get(w.admin, `/api/admin/transactions/?sales_rep_id=${w.repA.id}`)).json())).toBe(
      true,
    );
    // The manager's own share is still due, and the unfiltered admin report asks for every share.
    expect(
      paidOf((await get(w.managerA, `/api/v1/sales-rep/${w.managerA.id}/team-transactions/`)).json()),
    ).toBe(false);
    expect(paidOf((await get(w.admin, '/api/admin/transactions/?limit=100')).json())).toBe(false);
    const again = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/admin/commissions/mark-paid/',
      payload: pay,
    });
    expect(again.statusCode).toBe(400);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'commissions.mark_paid'));
    expect(audit).toHaveLength(1);
  });
});

describe('the admin edit', () => {
  const url = () => `/api/v1/transactions/${tB1.id}/`;
  const body = (extra: Record<string, unknown> = {}) => ({
    product_id: tB1.productId,
    quantity: tB1.quantity,
    amount_cents: tB1.amountCents,
    harvest_center: tB1.harvestCenterId,
    referral_harvest_center: tB1.referralHarvestCenterId,
    patient: tB1.patientId,
    sales_rep: tB1.salesRepId,
    commission_paid: false,
    transaction_note: 'Corrected after a call with the clinic',
    ...extra,
  });

  it('refuses an edit without a note, and anyone but an admin', async () => {
    const noNote = await injectAs(t.app, w.admin, {
      method: 'PATCH',
      url: url(),
      payload: body({ transaction_note: ' ' }),
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(TRANSACTION_TEXTS.noChanges);
    // The spec's one message, on the note field too (issue 42).
    expect(noNote.json().errors.transaction_note).toBe(TRANSACTION_TEXTS.noChanges);
    for (const who of [w.repB, w.managerB, w.hcB]) {
      expect((await injectAs(t.app, who, { method: 'PATCH', url: url(), payload: body() })).statusCode).toBe(
        403,
      );
    }
    const badPatient = await injectAs(t.app, w.admin, {
      method: 'PATCH',
      url: url(),
      payload: body({ patient: w.hcA.id }),
    });
    expect(badPatient.statusCode).toBe(400);
    expect(await t.db.select().from(transactionNotes)).toHaveLength(0);
  });

  it('moves a sale to another rep with its team, recomputes the shares at the sale’s date, keeps the note and audits it', async () => {
    const response = await injectAs(t.app, w.admin, {
      method: 'PATCH',
      url: url(),
      payload: body({ sales_rep: w.repA.id, amount_cents: 200_000, commission_paid: true }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const row: TTransactionRow = response.json();
    expect(row).toMatchObject({
      sales_rep: w.repA.id,
      sales_manager_id: w.managerA.id,
      sales_distributor_id: w.distributorA.id,
      amount_cents: 200_000,
      commission_paid: true,
      // 2 days ago: rep 20%, manager 5% (the 9% came later), distributor 2.5%.
      commissions: { rep_cents: 40_000, manager_cents: 10_000, distributor_cents: 5_000 },
    });
    expect(row.transaction_history).toHaveLength(1);
    expect(row.transaction_history[0]).toMatchObject({ note: 'Corrected after a call with the clinic' });
    expect(row.transaction_history[0].changes.salesRepId).toEqual({ from: w.repB.id, to: w.repA.id });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.update'), eq(auditLog.actorUserId, w.admin.id)));
    expect(audit.detail).toMatchObject({
      transaction_id: tB1.id,
      changes: { amountCents: { from: tB1.amountCents, to: 200_000 } },
    });
    // Now in team A's report, out of team B's.
    expect(
      ids((await get(w.managerB, `/api/v1/sales-rep/${w.managerB.id}/team-transactions/`)).json()),
    ).toEqual([]);
  });
});

describe('exports', () => {
  async function exportAs(who: Who, format: 'csv' | 'xlsx', query = '') {
    return injectAs(t.app, who, { method: 'GET', url: `/api/v1/transactions/export-${format}/?${query}` });
  }

  it('the admin CSV: every column, the filters, the formula guard, a timestamped name', async () => {
    const response = await exportAs(w.admin, 'csv', `harvest_center_id=${w.hcA.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="transaction_report_\d{8}T\d{6}Z\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'ID,Invoice,Date,Patient ID,Patient,HC,RHC,HC Staff,Sales Rep Name,Sales Manager Name,Sales Distributor Name,Product,Quantity,Amount,Coupon Code,Coupon Amount,Commission Paid',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`${tA1.id},${tA1.invoiceId},`);
    expect(lines[2]).toContain(",'=SPRING,50.00,");
    // The date in the one date format, to the minute in UTC, which a spreadsheet reads as a date;
    // amounts as plain numbers.
    const cells = lines[2].split(',');
    expect(cells[2]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
    expect(Date.parse(`${cells[2]} UTC`)).toBe(Math.floor(tA1.createdAt.getTime() / 60_000) * 60_000);
    expect(cells[13]).toBe('1000.00');
  });

  it('a manager’s CSV holds its team only, with the spec’s columns and its role and id in the name', async () => {
    const response = await exportAs(w.managerB, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `sales_manager_${w.managerB.id}_transaction_report_`,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual(['ID,Date,Patient ID,HC,RHC,Sales Rep Name,Product,Amount']);
    const repCsv = await exportAs(w.repA, 'csv');
    const repIds = repCsv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(repIds.sort()).toEqual([tA1.id, tA3.id, tB1.id].sort());
  });

  it('the XLSX opens and holds the same rows', async () => {
    const response = await exportAs(w.admin, 'xlsx', `sales_distributor_id=${w.distributorA.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('ID');
    const exported = [];
    for (let r = 2; r <= sheet.rowCount; r++) exported.push(Number(sheet.getRow(r).getCell(1).value));
    expect(exported.sort()).toEqual([tA1.id, tA2.id, tA3.id, tB1.id].sort());
    const couponColumn = 15;
    const tA1Row = sheet.getRows(2, sheet.rowCount - 1)?.find((row) => row.getCell(1).value === tA1.id);
    expect(tA1Row?.getCell(couponColumn).value).toBe("'=SPRING");
    // Numbers as numbers, amounts as dollars, the date as a date, shown in the one date format.
    const [invoice, date, quantity, amount, couponAmount] = [2, 3, 13, 14, 16].map((c) => tA1Row?.getCell(c));
    expect(invoice?.value).toBe(tA1.invoiceId);
    expect(date?.type).toBe(ExcelJS.ValueType.Date);
    expect(date?.value).toEqual(tA1.createdAt);
    expect(date?.numFmt).toBe('d mmm yyyy, hh:mm "UTC"');
    expect(quantity?.type).toBe(ExcelJS.ValueType.Number);
    expect(amount?.value).toBe(1000);
    expect(amount?.numFmt).toBe('"$"#,##0.00');
    expect(couponAmount?.value).toBe(50);
  });

  it('refuses bad filters before the first byte, and callers outside the sales roles', async () => {
    const bad = await exportAs(w.admin, 'csv', 'date_after=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/json');
    expect((await exportAs(w.hcA, 'xlsx')).statusCode).toBe(403);
    expect((await exportAs(w.patientA1, 'csv')).statusCode).toBe(403);
  });

  it('pages through more rows than one batch without losing or repeating any', async () => {
    const many = [];
    const at = daysAgo(40);
    for (let i = 0; i < 5; i++) many.push(await createTransaction(t.db, { buyer: w.hcA2, createdAt: at }));
    const { openTransactionExport } = await import('../src/modules/transactions/transaction-export.ts');
    const actor = {
      id: w.admin.id,
      membershipId: w.admin.membershipId,
      isAdmin: true,
      domainId: null,
    } as Parameters<typeof openTransactionExport>[1];
    const file = await openTransactionExport(
      t.db,
      actor,
      { offset: 0, sales_rep_id: w.repA2.id },
      'csv',
      async () => {},
      2,
    );
    let text = '';
    for await (const chunk of file.body) text += chunk;
    const exported = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(exported.sort((a, b) => a - b)).toEqual(
      [tA2.id, ...many.map((row) => row.id)].sort((a, b) => a - b),
    );
  });
});

describe('kept totals', () => {
  /** transaction_counts as kept by the triggers, and as counted from the rows now; zeros left out. */
  type Total = { dimension: string; key: number; total: number };
  const totalsOf = async (query: SQL) => ((await t.db.execute(query)) as unknown as { rows: Total[] }).rows;
  async function keptAndCounted() {
    const kept = await totalsOf(
      sql`SELECT dimension, key, total::int AS total FROM transaction_counts WHERE total <> 0 ORDER BY 1, 2`,
    );
    const counted = await totalsOf(sql`
      SELECT k.dimension, k.key, count(*)::int AS total
      FROM transactions AS r, transaction_count_keys(r.product_id, r.sales_rep_id, r.sales_manager_id,
        r.sales_distributor_id, r.harvest_center_id, r.referral_harvest_center_id, r.patient_id) AS k
      GROUP BY 1, 2 ORDER BY 1, 2`);
    return { kept, counted };
  }

  it('stay equal to the rows through sales, moves, account deletions and removals, and serve the pages', async () => {
    const before = await keptAndCounted();
    expect(before.kept).toEqual(before.counted);
    const sale = await createTransaction(t.db, { buyer: w.hcB, patient: w.patientB1 });
    // A move of the kind an edit makes, and an update that moves nothing (a commission paid).
    await t.db
      .update(transactions)
      .set({ productId: PRODUCT.vials, salesRepId: w.repA.id })
      .where(eq(transactions.id, sale.id));
    await t.db.update(transactions).set({ commissionPaid: true });
    let now = await keptAndCounted();
    expect(now.kept).toEqual(now.counted);
    // An account deleted sets its ids to null on its sales (ON DELETE SET NULL).
    const leaver = await createUser(t.db, { membershipId: MEMBERSHIP.patient });
    await createTransaction(t.db, { buyer: w.hcB, patient: leaver });
    await t.db.delete(users).where(eq(users.id, leaver.id));
    await t.db.delete(transactions).where(eq(transactions.id, sale.id));
    now = await keptAndCounted();
    expect(now.kept).toEqual(now.counted);
    // The pages read them: a manager's team and a product filter.
    const team = (await get(w.managerB, `/api/v1/sales-rep/${w.managerB.id}/team-transactions/`)).json();
    expect(team.count).toBe(team.results.length);
    const vials = (
      await get(w.admin, `/api/admin/transactions/?product_id=${PRODUCT.vials}&limit=100`)
    ).json();
    expect(vials.count).toBe(vials.results.length);
    expect(vials.count).toBe(
      now.counted.find((row) => row.dimension === 'product' && row.key === PRODUCT.vials)?.total,
    );
  });
});
