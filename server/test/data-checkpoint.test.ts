import { eq, getTableName, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hcStaffLinks } from '../src/db/schema/account-links.ts';
import { users } from '../src/db/schema/accounts.ts';
import { authTokens } from '../src/db/schema/auth.ts';
import { createUser } from '../src/seed/factories.ts';
import { createHarvestCenter, createHcStaff } from '../src/seed/patient-factories.ts';
import { createDataCheckpoint } from './helpers/data-checkpoint.ts';
import { buildTestApp, type TestApp, tokenFor } from './helpers/test-app.ts';

// The access matrix relies on this helper to undo each request; it must put back exactly what changed.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('data checkpoint', () => {
  it('puts back updated, deleted (with their cascades) and inserted rows, and leaves untracked tables', async () => {
    const center = await createHarvestCenter(t.db, { lastName: 'Before' });
    const staff = await createHcStaff(t.db, [center]);
    await tokenFor(t.app, center);
    const checkpoint = await createDataCheckpoint(t.db, { untracked: [getTableName(authTokens)] });
    expect(await checkpoint.restoreChanged()).toEqual([]);

    await t.db.update(users).set({ lastName: 'After' }).where(eq(users.id, center.id));
    await t.db.delete(users).where(eq(users.id, staff.id)); // cascades to hc_staff_links
    const added = await createUser(t.db);
    await t.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.userId, center.id));

    const restored = await checkpoint.restoreChanged();
    expect(restored).toEqual(expect.arrayContaining(['users', 'hc_staff_links']));
    expect(restored).not.toContain('auth_tokens');
    const [restoredCenter] = await t.db.select().from(users).where(eq(users.id, center.id));
    expect(restoredCenter.lastName).toBe('Before');
    expect(await t.db.select().from(users).where(eq(users.id, staff.id))).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.id, added.id))).toEqual([]);
    expect(await t.db.select().from(hcStaffLinks).where(eq(hcStaffLinks.staffId, staff.id))).toEqual([
      { staffId: staff.id, harvestCenterId: center.id },
    ]);
    expect(await t.db.select().from(authTokens).where(isNotNull(authTokens.revokedAt))).toHaveLength(1);
    expect(await checkpoint.restoreChanged()).toEqual([]);
  });
});
