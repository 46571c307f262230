import { MEMBERSHIP } from '@portal/shared/memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagedUploads } from '../src/db/schema/platform.ts';
import {
  fileStagedUploads,
  MAX_STAGED_UPLOADS_PER_ACCOUNT,
  STAGED_UPLOAD_TEXTS,
} from '../src/storage/staged-uploads.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { TINY_PDF } from './helpers/document-world.ts';
import { multipartBody } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * Files staged by a process-file/ route and never filed used to stay in storage for good, and an
 * account could stage without end. Now each is recorded, filing or removing it forgets it, an account
 * holds a bounded number at once, and a periodic job removes those not filed within a day.
 */

const HOUR_MS = 60 * 60 * 1000;
const PROCESS_FILE_ROUTES = [
  '/api/v1/documents/process-file/',
  '/api/v1/fedex-requests/process-file/',
  '/api/v1/assets/process-file/',
];

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

type Who = Parameters<typeof injectAs>[1];

function stage(who: Who, url = PROCESS_FILE_ROUTES[0]) {
  const body = multipartBody({}, { filename: 'signed.pdf', content: TINY_PDF });
  return injectAs(t.app, who, { method: 'POST', url, payload: body.payload, headers: body.headers });
}

async function stagedKeysOf(userId: number): Promise<string[]> {
  const rows = await t.db
    .select({ key: stagedUploads.key })
    .from(stagedUploads)
    .where(eq(stagedUploads.userId, userId));
  return rows.map((row) => row.key).sort();
}

/** The files under the user's staging prefix, whatever the table says. */
async function stagedFilesOf(userId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.storage.listKeys()) if (key.startsWith(`uploads/${userId}/`)) keys.push(key);
  return keys.sort();
}

async function forgetAllStaged() {
  for (const row of await t.db.select().from(stagedUploads)) await t.app.storage.delete(row.key);
  await t.db.delete(stagedUploads);
}

describe('staged uploads', () => {
  it('each process-file route records what it stages, under the caller', async () => {
    const keys: string[] = [];
    for (const url of PROCESS_FILE_ROUTES) {
      const response = await stage(w.admin, url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      keys.push(response.json().filename);
    }
    expect(await stagedKeysOf(w.admin.id)).toEqual([...keys].sort());
    for (const key of keys) expect(await t.app.storage.exists(key)).toBe(true);
    await forgetAllStaged();
  });

  it('filing a staged upload forgets it; the undo of a failed write records it again', async () => {
    const staged: string = (await stage(w.admin, '/api/v1/assets/process-file/')).json().filename;
    const created = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/assets/',
      payload: {
        asset_name: 'Packing',
        description: 'How to pack',
        membership_ids: String(MEMBERSHIP.harvestCenter),
        sections: [],
        links: [],
        files: [{ name: 'Guide', tmp_file: staged }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await stagedKeysOf(w.admin.id)).toEqual([]);

    const again: string = (await stage(w.admin)).json().filename;
    const { undo } = await fileStagedUploads({ db: t.db, storage: t.app.storage }, w.admin.id, [
      { field: 'file', staged: again, target: 'documents/filed-by-test.pdf' },
    ]);
    expect(await stagedKeysOf(w.admin.id)).toEqual([]);
    await undo();
    expect(await stagedKeysOf(w.admin.id)).toEqual([again]);
    expect(await t.app.storage.exists(again)).toBe(true);
    await forgetAllStaged();
  });

  it(`an account holds at most ${MAX_STAGED_UPLOADS_PER_ACCOUNT} at once: the next is refused (429) and not kept`, async () => {
    for (let i = 0; i < MAX_STAGED_UPLOADS_PER_ACCOUNT; i++) {
      expect((await stage(w.admin, PROCESS_FILE_ROUTES[i % 3])).statusCode).toBe(200);
    }
    const filesBefore = await stagedKeysOf(w.admin.id);
    for (const url of PROCESS_FILE_ROUTES) {
      const refused = await stage(w.admin, url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({ message: STAGED_UPLOAD_TEXTS.tooMany });
    }
    expect(await stagedKeysOf(w.admin.id)).toEqual(filesBefore);
    expect(await stagedFilesOf(w.admin.id)).toEqual(filesBefore);

    // Another account is not held back by this one.
    expect((await stage(w.hcA)).statusCode).toBe(200);
    await forgetAllStaged();
  });

  it('uploads sent at the same moment do not overshoot the bound', async () => {
    for (let i = 0; i < MAX_STAGED_UPLOADS_PER_ACCOUNT - 2; i++) {
      expect((await stage(w.admin)).statusCode).toBe(200);
    }
    const answers = await Promise.all(Array.from({ length: 6 }, () => stage(w.admin)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    const kept = await stagedKeysOf(w.admin.id);
    expect(kept).toHaveLength(MAX_STAGED_UPLOADS_PER_ACCOUNT);
    expect(await stagedFilesOf(w.admin.id)).toEqual(kept);
    await forgetAllStaged();
  });

  it('the periodic job removes the files and rows not filed within a day, and keeps the newer ones', async () => {
    const old: string = (await stage(w.admin)).json().filename;
    const oldOther: string = (await stage(w.hcA)).json().filename;
    await t.db
      .update(stagedUploads)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR_MS) })
      .where(eq(stagedUploads.key, old));
    await t.db
      .update(stagedUploads)
      .set({ createdAt: new Date(Date.now() - 30 * HOUR_MS) })
      .where(eq(stagedUploads.key, oldOther));
    const recent: string = (await stage(w.admin)).json().filename;
    await t.db
      .update(stagedUploads)
      .set({ createdAt: new Date(Date.now() - 23 * HOUR_MS) })
      .where(eq(stagedUploads.key, recent));

    expect(await t.app.stagedUploadPurge.run()).toEqual({ removed: 2 });
    expect(await t.app.storage.exists(old)).toBe(false);
    expect(await t.app.storage.exists(oldOther)).toBe(false);
    expect(await t.app.storage.exists(recent)).toBe(true);
    expect(await stagedKeysOf(w.admin.id)).toEqual([recent]);
    expect(await stagedKeysOf(w.hcA.id)).toEqual([]);

    // Filing a removed upload asks for it again.
    const late = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/assets/',
      payload: {
        asset_name: 'Late',
        description: 'Too late',
        membership_ids: String(MEMBERSHIP.harvestCenter),
        sections: [],
        links: [],
        files: [{ name: 'Guide', tmp_file: old }],
      },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ 'files.0.tmp_file': STAGED_UPLOAD_TEXTS.uploadAgain });

    // A day later the recent one goes too; the job is hourly and claims its run in the database.
    expect(await t.app.stagedUploadPurge.run(new Date(Date.now() + 2 * HOUR_MS))).toEqual({ removed: 1 });
    expect(await t.app.storage.exists(recent)).toBe(false);
    expect(await stagedKeysOf(w.admin.id)).toEqual([]);
  });
});
