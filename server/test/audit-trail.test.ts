import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, count, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredAudit, selectRows, verifyAuditChain } from '../src/audit-chain/audit-chain.ts';
import { recordAudit, SYSTEM_IDENTITY } from '../src/audit-chain/audit-log.ts';
import { auditLog } from '../src/db/schema/platform.ts';
import { createUser, createUserOfRole, type UserRow } from '../src/seed/factories.ts';
import { ageAuditRows, asAuditTableOwner } from './helpers/audit-rows.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/** The audit trail (docs/decisions/024-audit-trail.md): chained, append-only, and read by admins and patients. */

let t: TestApp;
let admin: UserRow;
let center: UserRow;
let patient: UserRow;
let otherPatient: UserRow;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUserOfRole(t.db, MEMBERSHIP.admin, { firstName: 'Ada', lastName: 'Admin' });
  center = await createUserOfRole(t.db, MEMBERSHIP.harvestCenter, {
    company: 'Audit Center',
    firstName: 'Cora',
  });
  patient = await createUser(t.db, { email: 'audited.patient@example.test', harvestCenterId: center.id });
  otherPatient = await createUser(t.db, { email: 'other.patient@example.test' });
});
afterAll(() => t.close());

const get = (who: Parameters<typeof injectAs>[1], url: string) =>
  injectAs(t.app, who, { method: 'GET', url });

async function rowsOf(action: string, patientId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.patientId, patientId)));
}

describe('audit trail', () => {
  it('records every read of a patient record with who, acting as whom, and from where', async () => {
    expect((await get(center, `/api/v1/patients/${patient.id}/`)).statusCode).toBe(200);
    const [read] = await rowsOf('patient.viewed', patient.id);
    expect(read).toMatchObject({
      actorUserId: center.id,
      actingAsUserId: null,
      objectType: 'patient',
      ip: '127.0.0.1',
    });

    // An admin signed in as the patient (Login As): both identities are on the row.
    const asPatient = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/v1/users/login-as-user/',
      payload: { user_id: patient.id },
    });
    expect(asPatient.statusCode).toBe(200);
    expect((await get(asPatient.json().token, `/api/v1/patients/${patient.id}/`)).statusCode).toBe(200);
    const reads = await rowsOf('patient.viewed', patient.id);
    expect(reads.at(-1)).toMatchObject({ actorUserId: admin.id, actingAsUserId: patient.id });

    // A refused read is not a read.
    expect((await get(otherPatient, `/api/v1/patients/${patient.id}/`)).statusCode).toBe(403);
    expect((await rowsOf('patient.viewed', patient.id)).length).toBe(2);
  });

  it('records a change with its before and after, in the same transaction', async () => {
    const change = await injectAs(t.app, center, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/`,
      payload: { date_adipose_shipped_to_lab: '2026-03-02' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const [row] = await rowsOf('patient.updated', patient.id);
    expect(row).toMatchObject({ actorUserId: center.id, objectType: 'patient' });
    expect(row.detail).toMatchObject({
      changes: { dateAdiposeShippedToLab: { from: null, to: '2026-03-02' } },
    });
    // A refused change leaves no row.
    const refused = await injectAs(t.app, otherPatient, {
      method: 'PATCH',
      url: `/api/v1/patients/${patient.id}/`,
      payload: { date_adipose_shipped_to_lab: '2026-03-03' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await rowsOf('patient.updated', patient.id)).toHaveLength(1);
  });

  it("shows the patient who saw the record, and nobody else's list", async () => {
    const log = await get(patient, `/api/v1/patients/${patient.id}/access-log/`);
    expect(log.statusCode).toBe(200);
    expect(log.json().results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          who: `Cora ${center.lastName}`,
          role: 'Harvest Center',
          what: 'Your record',
          acting_as: null,
        }),
        expect.objectContaining({ who: 'Ada Admin', role: 'Admin', acting_as: expect.any(String) }),
      ]),
    );
    expect((await get(otherPatient, `/api/v1/patients/${patient.id}/access-log/`)).statusCode).toBe(403);
    expect((await get(center, `/api/v1/patients/${patient.id}/access-log/`)).statusCode).toBe(403);
    expect((await get(admin, `/api/v1/patients/${patient.id}/access-log/`)).statusCode).toBe(200);
  });

  it('lets admins filter the log and export it (the export is on the log too); nobody else', async () => {
    const page = await get(admin, `/api/admin/audit-log/?patient=${patient.id}&action=patient.&limit=10`);
    expect(page.statusCode).toBe(200);
    // 'patient.' takes every patient action: the two reads and the change.
    expect(page.json().count).toBe(3);
    expect(page.json().results.map((e: { action: string }) => e.action)).toEqual([
      'patient.updated',
      'patient.viewed',
      'patient.viewed',
    ]);
    expect(page.json().results[1]).toMatchObject({
      action: 'patient.viewed',
      actor: { id: admin.id, name: 'Ada Admin' },
      acting_as: { id: patient.id },
      patient: { id: patient.id },
    });
    const byActor = await get(admin, `/api/admin/audit-log/?actor=${center.id}&patient=${patient.id}`);
    expect(byActor.json().results.map((e: { action: string }) => e.action)).toEqual([
      'patient.updated',
      'patient.viewed',
    ]);
    const actingAs = await get(admin, `/api/admin/audit-log/?acting_as=${patient.id}`);
    expect(actingAs.json().results.map((e: { actor: { id: number } }) => e.actor.id)).toEqual([admin.id]);

    const csv = await get(admin, `/api/admin/audit-log/export-csv/?patient=${patient.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('Acting as');
    expect(lines).toHaveLength(4);
    // The time in the one date format (UTC, as the header says), which a spreadsheet reads as a date.
    expect(lines[0]).toContain(',Time (UTC),');
    expect(lines[1].split(',')[1]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
    const exported = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit_log.exported'));
    expect(exported).toHaveLength(1);

    for (const who of [center, patient]) {
      expect((await get(who, '/api/admin/audit-log/')).statusCode).toBe(403);
      expect((await get(who, '/api/admin/audit-log/export-csv/')).statusCode).toBe(403);
    }
    expect((await get(admin, '/api/admin/audit-log/verify/')).json()).toMatchObject({ ok: true });
    expect((await get(center, '/api/admin/audit-log/verify/')).statusCode).toBe(403);
  });

  it('is append-only: the application cannot change, delete or empty it', async () => {
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'accepted',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusal(t.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.patientId, patient.id))),
    ).toMatch(/append-only \(UPDATE refused\)/);
    expect(await refusal(t.db.delete(auditLog).where(eq(auditLog.patientId, patient.id)))).toMatch(
      /append-only/,
    );
    expect(await refusal(t.db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('keeps rows for the retention period the database holds, then purges them (decision 028)', async () => {
    await recordAudit(t.db, SYSTEM_IDENTITY, { action: 'test.old' });
    expect(await purgeExpiredAudit(t.db)).toBe(0);
    // Every row so far made 7 years old behind the triggers' back (its hashes made to match).
    const [old] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'test.old'));
    await ageAuditRows(t.db, Number(old.chainSeq), '7 years');
    await recordAudit(t.db, SYSTEM_IDENTITY, { action: 'test.new' });
    const [{ n: aged }] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(lte(auditLog.chainSeq, Number(old.chainSeq)));
    expect(await purgeExpiredAudit(t.db)).toBe(aged);
    expect((await t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action)).toEqual([
      'test.new',
    ]);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('detects a forged row whose own hash was recomputed: the link to it breaks', async () => {
    const own = await buildTestApp();
    try {
      for (let i = 0; i < 5; i++) await recordAudit(own.db, SYSTEM_IDENTITY, { action: `forge.row${i}` });
      const rowOf = async (action: string) =>
        (await own.db.select().from(auditLog).where(eq(auditLog.action, action)))[0];
      expect(await verifyAuditChain(own.db)).toMatchObject({ ok: true });
      const written = await rowOf('forge.row2');

      // As the table's owner could: row 2 says something else, and its own hash is made to match,
      // so it passes the check of its own content. Only the next row's link to it tells.
      await asAuditTableOwner(own.db, async (tx) => {
        await tx.execute(sql`UPDATE audit_log SET action = 'forge.rewritten', detail = '{"forged": true}'
                              WHERE action = 'forge.row2'`);
        await tx.execute(sql`UPDATE audit_log a SET row_hash = audit_log_row_hash(a.prev_hash, a)
                              WHERE action = 'forge.rewritten'`);
      });
      const forged = await rowOf('forge.rewritten');
      const [{ computed }] = await selectRows<{ computed: string }>(
        own.db,
        sql`SELECT audit_log_row_hash(a.prev_hash, a) AS computed FROM audit_log a WHERE id = ${forged.id}`,
      );
      expect(forged.rowHash).toBe(computed);
      const next = await rowOf('forge.row3');
      expect(next.chainSeq).toBe(Number(forged.chainSeq) + 1);
      expect(await verifyAuditChain(own.db)).toMatchObject({
        ok: false,
        chainSeq: next.chainSeq,
        reason: 'it does not follow the row before it',
      });
      // The admins' "Verify chain" says the same.
      const admin = await createUser(own.db, { membershipId: MEMBERSHIP.admin });
      const shown = await injectAs(own.app, admin, { method: 'GET', url: '/api/admin/audit-log/verify/' });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({
        ok: false,
        chain_seq: next.chainSeq,
        reason: 'it does not follow the row before it',
      });

      // Put back as it was, the chain verifies again.
      await asAuditTableOwner(own.db, async (tx) => {
        await tx.execute(sql`UPDATE audit_log SET action = 'forge.row2', detail = ${JSON.stringify(written.detail)}::jsonb,
                              row_hash = ${written.rowHash} WHERE id = ${forged.id}`);
      });
      expect(await verifyAuditChain(own.db)).toMatchObject({ ok: true });

      // Row 4 made to claim another predecessor (its prev_hash changed, its own hash recomputed):
      // the chain breaks at that row itself.
      const last = await rowOf('forge.row4');
      await asAuditTableOwner(own.db, async (tx) => {
        await tx.execute(sql`UPDATE audit_log SET prev_hash = ${written.rowHash} WHERE id = ${last.id}`);
        await tx.execute(sql`UPDATE audit_log a SET row_hash = audit_log_row_hash(a.prev_hash, a)
                              WHERE id = ${last.id}`);
      });
      expect(await verifyAuditChain(own.db)).toMatchObject({
        ok: false,
        chainSeq: last.chainSeq,
        reason: 'it does not follow the row before it',
      });
    } finally {
      await own.close();
    }
  });

  it('detects a row changed or removed directly in the database', async () => {
    const own = await buildTestApp();
    try {
      const patientOfOwn = await createUser(own.db, {});
      for (let i = 0; i < 5; i++)
        await recordAudit(own.db, SYSTEM_IDENTITY, { action: `test.row${i}`, patientId: patientOfOwn.id });
      expect(await verifyAuditChain(own.db)).toEqual({ ok: true, rows: expect.any(Number) });

      await own.db.execute(sql`SET session_replication_role = replica`);
      await own.db.execute(sql`UPDATE audit_log SET detail = '{"edited": true}' WHERE action = 'test.row2'`);
      const [edited] = await own.db.select().from(auditLog).where(eq(auditLog.action, 'test.row2'));
      expect(await verifyAuditChain(own.db)).toMatchObject({
        ok: false,
        chainSeq: edited.chainSeq,
        reason: 'the row was changed after it was written',
      });
      // Put back, then delete the one after it: the gap is found.
      await own.db.execute(sql`UPDATE audit_log SET detail = '{}' WHERE action = 'test.row2'`);
      expect((await verifyAuditChain(own.db)).ok).toBe(true);
      await own.db.execute(sql`DELETE FROM audit_log WHERE action = 'test.row3'`);
      await own.db.execute(sql`SET session_replication_role = DEFAULT`);
      const [after] = await own.db.select().from(auditLog).where(eq(auditLog.action, 'test.row4'));
      expect(await verifyAuditChain(own.db)).toMatchObject({
        ok: false,
        chainSeq: after.chainSeq,
        reason: 'rows before it were deleted',
      });
    } finally {
      await own.close();
    }
  });
});
