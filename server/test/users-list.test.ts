import { MEMBERSHIP } from '@portal/shared/memberships';
import { USER_CSV_COLUMNS } from '@portal/shared/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { csvCell } from '../src/exports/csv.ts';
import { countUsers } from '../src/modules/users/user-list.repository.ts';
import {
  createUser,
  createUserOfRole,
  linkStaffToHarvestCenter,
  type UserRow,
} from '../src/seed/factories.ts';
import { createPatient } from '../src/seed/patient-factories.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: UserRow;
let hc: UserRow;
const BULK = 1000;

/** Minimal RFC 4180 reader for the assertions (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin, { firstName: 'Ada', lastName: 'Admin' });
  hc = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, {
    firstName: 'Hana',
    lastName: 'Center',
    company: '=HYPERLINK("http://evil")',
    email: 'hana.center@example.test',
  });
  // 1,000 patients in one multi-row insert (the factory would hash and insert one at a time).
  await t.db.insert(users).values(
    Array.from({ length: BULK }, (_, i) => ({
      email: `bulk${String(i).padStart(4, '0')}@bulk.test`,
      username: `bulk${i}@bulk.test`,
      passwordHash: 'not-a-login',
      firstName: i % 100 === 0 ? 'Quentin' : 'Bulk',
      lastName: `Person ${i}`,
      company: i % 2 === 0 ? 'Even, "Quoted" Co' : '',
      phoneNumber: '5125550100',
      membershipId: MEMBERSHIP.patient,
      isActive: i % 10 !== 0,
      dateJoined: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
    })),
  );
});
afterAll(() => t.close());

const list = (query: string, as: UserRow = admin) =>
  injectAs(t.app, as, { url: `/api/admin/users/${query}` });

describe('GET /api/admin/users/', () => {
  it('pages active users, 20 by default, newest account first, with the total count', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2 + BULK - BULK / 10);
    expect(body.results).toHaveLength(20);
    const ids = body.results.map((u: { id: number }) => u.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(body.results.every((u: { is_active: boolean }) => u.is_active)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const page2 = (await list('?limit=20&offset=20')).json();
    expect(page2.count).toBe(body.count);
    expect(page2.results[0].id).toBe(ids[19] - 1);
    // The total stays right on a short last page and past the end.
    const quentins = '?search=quentin&active=all&limit=4';
    expect((await list(`${quentins}&offset=8`)).json()).toMatchObject({ count: BULK / 100 });
    expect((await list(`${quentins}&offset=8`)).json().results).toHaveLength(2);
    expect((await list(`${quentins}&offset=40`)).json()).toMatchObject({ count: BULK / 100, results: [] });
    const byDate = (await list('?ordering=-date_joined&limit=5')).json().results;
    const joined = byDate.map((u: { date_joined: string }) => u.date_joined);
    expect([...joined].sort().reverse()).toEqual(joined);
  });

  it('searches name, e-mail, company and phone, case-insensitive, with LIKE characters taken literally', async () => {
    // Every 100th bulk user is a Quentin, and every 10th is inactive: all Quentins are inactive.
    const byName = (await list('?search=QUENTIN&limit=100')).json();
    expect(byName.count).toBe(0);
    const withInactive = (await list('?search=quentin&active=all&limit=100')).json();
    expect(withInactive.count).toBe(BULK / 100);
    expect((await list('?search=hana.center@')).json().results.map((u: { id: number }) => u.id)).toEqual([
      hc.id,
    ]);
    expect((await list('?search=hyperlink')).json().count).toBe(1);
    expect((await list('?search=bulk0042')).json().count).toBe(1);
    expect((await list('?search=%25')).json().count).toBe(0);
    expect((await list('?search=_')).json().count).toBe(0);
    expect((await list('?search=   ')).json().count).toBeGreaterThan(100);
  });

  it('filters by membership, tag and active state', async () => {
    const tagged = await createUser(t.db, { tags: [2], firstName: 'Tagged' });
    const byTag = (await list('?tag=2')).json();
    expect(byTag.results.map((u: { id: number }) => u.id)).toEqual([tagged.id]);
    const hcs = (await list(`?membership=${MEMBERSHIP.harvestCenter}`)).json();
    expect(hcs.results.map((u: { id: number }) => u.id)).toEqual([hc.id]);
    const inactive = (await list('?active=false')).json();
    expect(inactive.count).toBe(BULK / 10);
    const all = (await list('?active=all')).json();
    expect(all.count).toBe(3 + BULK);
  });

  it('sorts by whitelisted columns only', async () => {
    const asc = (await list('?ordering=email&limit=3')).json().results.map((u: { email: string }) => u.email);
    expect(asc).toEqual([...asc].sort());
    const desc = (await list('?ordering=-email&limit=3'))
      .json()
      .results.map((u: { email: string }) => u.email);
    expect(desc[0] > desc[2]).toBe(true);
    for (const ordering of ['id', '-last_login', 'membership', 'company', 'first_name', '-last_name']) {
      expect((await list(`?ordering=${ordering}`)).statusCode).toBe(200);
    }
    const bad = await list('?ordering=password_hash');
    expect(bad.statusCode).toBe(400);
    expect((await list('?ordering=email;drop table users')).statusCode).toBe(400);
  });

  it('refuses bad paging and non-admins', async () => {
    expect((await list('?limit=0')).statusCode).toBe(400);
    expect((await list('?offset=-1')).statusCode).toBe(400);
    expect((await list('?active=maybe')).statusCode).toBe(400);
    expect((await list('', hc)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/users/' })).statusCode).toBe(401);
  });
});

describe('countUsers', () => {
  it('stops counting at the cap', async () => {
    expect(await countUsers(t.db, { active: undefined }, 50)).toBe(50);
    expect(await countUsers(t.db, { search: 'quentin', active: undefined }, 50)).toBe(10);
  });
});

describe('GET /api/admin/users/all/inactive/', () => {
  it('pages the inactive users only', async () => {
    const res = await injectAs(t.app, admin, { url: '/api/admin/users/all/inactive/?limit=20&active=true' });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(BULK / 10);
    expect(res.json().results.every((u: { is_active: boolean }) => !u.is_active)).toBe(true);
    const searched = await injectAs(t.app, admin, { url: '/api/admin/users/all/inactive/?search=quentin' });
    expect(searched.json().count).toBe(BULK / 100);
    expect((await injectAs(t.app, hc, { url: '/api/admin/users/all/inactive/' })).statusCode).toBe(403);
  });
});

describe('GET /api/admin/users/export-csv/', () => {
  it('streams every matching user with the columns of part 1 §3', async () => {
    const staff = await createUserOfRole(t.db, MEMBERSHIP.hcStaff, { company: 'Staffing' });
    await linkStaffToHarvestCenter(t.db, staff.id, hc.id);
    const atLab = await createPatient(t.db, { harvestCenter: hc, dateAdiposeShippedToLab: '2024-03-09' });
    const res = await injectAs(t.app, admin, { url: '/api/admin/users/export-csv/?active=all' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d\d-\d\d\.csv"$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([...USER_CSV_COLUMNS]);
    const [total] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(rows.length - 1).toBe(total.n);
    expect(rows.every((r) => r.length === USER_CSV_COLUMNS.length)).toBe(true);
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const col = (name: (typeof USER_CSV_COLUMNS)[number]) => USER_CSV_COLUMNS.indexOf(name);
    const hcRow = rows.find((r) => Number(r[0]) === hc.id)!;
    expect(hcRow[col('Name')]).toBe('Hana Center');
    expect(hcRow[col('Subscription')]).toBe('Harvest Center');
    // Formula injection is neutralised.
    expect(hcRow[col('Company')]).toBe('\'=HYPERLINK("http://evil")');
    const staffRow = rows.find((r) => Number(r[0]) === staff.id)!;
    expect(staffRow[col('HC Staff IDs')]).toBe(String(hc.id));
    const bulkRow = rows.find((r) => r[col('Email')] === 'bulk0002@bulk.test')!;
    expect(bulkRow[col('Company')]).toBe('Even, "Quoted" Co');
    // Dates in the one date format (UTC), which a spreadsheet reads as dates; a missing one is empty.
    expect(bulkRow[col('Date Joined')]).toBe('1 Jan 2024 02:00');
    expect(bulkRow[col('Date Vials Ready To Ship')]).toBe('');
    const atLabRow = rows.find((r) => Number(r[0]) === atLab.id)!;
    expect(atLabRow[col('Date Adipose Shipped To Lab')]).toBe('9 Mar 2024');
    expect(bulkRow[col('Vials Available')]).toBe('0');
  });

  it('applies the list filters (active by default, search, membership) and is audited', async () => {
    const active = parseCsv(
      (await injectAs(t.app, admin, { url: '/api/admin/users/export-csv/' })).body.slice(1),
    );
    const listed = (await list('?limit=1')).json().count;
    expect(active.length - 1).toBe(listed);
    const searched = await injectAs(t.app, admin, {
      url: '/api/admin/users/export-csv/?search=quentin&active=false',
    });
    expect(parseCsv(searched.body.slice(1)).length - 1).toBe(BULK / 100);
    const hcs = await injectAs(t.app, admin, {
      url: `/api/admin/users/export-csv/?membership=${MEMBERSHIP.harvestCenter}`,
    });
    expect(parseCsv(hcs.body.slice(1)).length - 1).toBe(1);
    const audits = await t.db.select().from(auditLog).where(sql`${auditLog.action} = 'users.exported'`);
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect(audits[0].actorUserId).toBe(admin.id);
  });

  it('refuses a filter out of range with a 400 on the field before the first byte, as the list does', async () => {
    for (const query of [
      'tag=3000000000',
      'membership=99999999999',
      'active=maybe',
      `search=${'x'.repeat(101)}`,
    ]) {
      const field = query.split('=')[0];
      for (const url of ['/api/admin/users/export-csv/', '/api/admin/users/']) {
        const res = await injectAs(t.app, admin, { url: `${url}?${query}` });
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(Object.keys(res.json().errors)).toEqual([field]);
      }
    }
    // The largest id the database holds is still a valid filter.
    const edge = await injectAs(t.app, admin, { url: '/api/admin/users/export-csv/?tag=2147483647' });
    expect(edge.statusCode).toBe(200);
    expect(parseCsv(edge.body.slice(1))).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const res = await injectAs(t.app, hc, { url: '/api/admin/users/export-csv/' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('bulk0001');
  });
});

describe('csvCell', () => {
  it('quotes separators and guards formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
  });
});
