import { ASSET_TEXTS, type TAsset, type TAssetBody } from '@portal/shared/assets';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { TINY_PDF } from './helpers/document-world.ts';
import { multipartBody, withTamperedSignature } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

type Who = Parameters<typeof injectAs>[1];
const HC = MEMBERSHIP.harvestCenter;

async function stage(who: Who, content: Uint8Array = TINY_PDF, filename = 'guide.pdf') {
  const body = multipartBody({}, { filename, content });
  return injectAs(t.app, who, {
    method: 'POST',
    url: '/api/v1/assets/process-file/',
    payload: body.payload,
    headers: body.headers,
  });
}
const create = (who: Who, payload: TAssetBody | Record<string, unknown>) =>
  injectAs(t.app, who, { method: 'POST', url: '/api/v1/assets/', payload });
const resourceCenter = (who: Who, membership: number, query = '') =>
  injectAs(t.app, who, { method: 'GET', url: `/api/v1/assets/subscription/${membership}/${query}` });
const section = (who: Who, membership: number, url: string) =>
  injectAs(t.app, who, {
    method: 'POST',
    url: `/api/v1/assets/subscription/${membership}/section/`,
    payload: { url },
  });

async function createGuide(name: string, extra: Partial<TAssetBody> = {}): Promise<TAsset> {
  const staged = (await stage(w.admin)).json().filename;
  const response = await create(w.admin, {
    asset_name: name,
    description: 'How to pack adipose tissue for the lab',
    membership_ids: `${HC}`,
    sections: [{ url: '/dashboard' }],
    links: [{ name: 'Packing video', path: 'https://videos.example.test/packing' }],
    files: [{ name: 'Packing guide', tmp_file: staged }],
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().message).toBe(ASSET_TEXTS.created);
  return response.json().data;
}

describe('assets', () => {
  it('an admin adds an asset for harvest centers: HCs find it, on its page too; other account types do not', async () => {
    const asset = await createGuide('Packing Guide');
    expect(asset).toMatchObject({
      asset_name: 'Packing Guide',
      membership_ids: `${HC}`,
      sections: [{ url: '/dashboard' }],
    });
    expect(asset.assets.map((item) => [item.type, item.name])).toEqual([
      [1, 'Packing video'],
      [2, 'Packing guide'],
    ]);

    const mine = await resourceCenter(w.hcA, HC);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results.map((a: TAsset) => a.id)).toContain(asset.id);
    const patients = await resourceCenter(w.patientA1, MEMBERSHIP.patient);
    expect(patients.json().results.map((a: TAsset) => a.id)).not.toContain(asset.id);
    expect((await resourceCenter(w.patientA1, HC)).statusCode).toBe(403);
    expect((await resourceCenter(w.admin, HC)).statusCode).toBe(200);
    const searched = await resourceCenter(w.hcA, HC, '?search=packing');
    expect(searched.json().results.map((a: TAsset) => a.id)).toContain(asset.id);
    expect((await resourceCenter(w.hcA, HC, '?search=nothing-like-this')).json().count).toBe(0);

    const onDashboard = await section(w.hcA, HC, '/Dashboard/?tab=1');
    expect(onDashboard.json().map((a: TAsset) => a.id)).toContain(asset.id);
    expect((await section(w.hcA, HC, '/profile')).json()).toEqual([]);
    expect((await section(w.patientA1, HC, '/dashboard')).statusCode).toBe(403);

    expect(
      (await injectAs(t.app, w.hcA, { method: 'GET', url: `/api/v1/assets/${asset.id}/` })).statusCode,
    ).toBe(200);
    expect(
      (await injectAs(t.app, w.repA, { method: 'GET', url: `/api/v1/assets/${asset.id}/` })).statusCode,
    ).toBe(403);
  });

  it('serves an asset file to its account types and admins, by session or signed link, and to nobody else', async () => {
    const asset = await createGuide('File Access Guide');
    const file = asset.assets.find((item) => item.type === 2);
    expect(file?.url).toMatch(/^\/media\/assets\/[0-9a-f-]{36}\.pdf\?expires=\d+&signature=/);
    const signed = await t.app.inject({ method: 'GET', url: file?.url ?? '' });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(signed.rawPayload).equals(Buffer.from(TINY_PDF))).toBe(true);
    const path = `/media/assets/${file?.path}`;
    expect((await injectAs(t.app, w.hcA, { method: 'GET', url: path })).statusCode).toBe(200);
    expect((await injectAs(t.app, w.admin, { method: 'GET', url: path })).statusCode).toBe(200);
    expect((await injectAs(t.app, w.patientA1, { method: 'GET', url: path })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(403);
    const tampered = withTamperedSignature(file?.url ?? '');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
  });

  it('checks the form: name and description, a path for each link, a name and an upload for each file, known account types', async () => {
    const empty = await create(w.admin, { asset_name: '', description: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['asset_name', 'description']);
    const noPath = await create(w.admin, {
      asset_name: 'A',
      description: 'B',
      links: [{ name: 'x', path: '' }],
    });
    expect(noPath.json().errors['links.0.path']).toBe(ASSET_TEXTS.linkPathRequired);
    const unknownType = await create(w.admin, { asset_name: 'A', description: 'B', membership_ids: '4,12' });
    expect(unknownType.statusCode).toBe(400);
    const notStaged = await create(w.admin, {
      asset_name: 'A',
      description: 'B',
      files: [{ name: 'Stolen', tmp_file: `uploads/${w.hcA.id}/x.pdf` }],
    });
    expect(notStaged.statusCode).toBe(400);
    const unnamed = await create(w.admin, {
      asset_name: 'A',
      description: 'B',
      files: [{ name: '', tmp_file: 'x' }],
    });
    expect(unnamed.statusCode).toBe(400);

    const text = await stage(w.admin, new TextEncoder().encode('plain words'), 'notes.txt');
    expect(text.statusCode).toBe(400);
    expect((await stage(w.hcA)).statusCode).toBe(403);
    for (const who of [w.hcA, w.patientA1]) {
      expect((await create(who, { asset_name: 'A', description: 'B' })).statusCode).toBe(403);
    }
  });

  it('edits: fields replaced, items removed (their files go) and added; then removed whole', async () => {
    const asset = await createGuide('Editable Guide');
    const file = asset.assets.find((item) => item.type === 2);
    const patch = (who: Who, payload: Record<string, unknown>) =>
      injectAs(t.app, who, { method: 'PATCH', url: `/api/v1/assets/${asset.id}/`, payload });
    const base = {
      asset_name: 'Edited Guide',
      description: 'New words',
      membership_ids: `${HC},${MEMBERSHIP.patient}`,
    };
    expect((await patch(w.admin, { ...base, assets_remove: [999_999] })).statusCode).toBe(400);
    expect((await patch(w.hcA, base)).statusCode).toBe(403);
    const edited = await patch(w.admin, {
      ...base,
      sections: [{ url: '/resource-center' }],
      assets_remove: [file?.id],
      links: [{ path: 'https://docs.example.test/new' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: asset.id, message: ASSET_TEXTS.updated });
    const data: TAsset = edited.json().data;
    expect(data.asset_name).toBe('Edited Guide');
    expect(data.assets.map((item) => item.type)).toEqual([1, 1]);
    expect(await t.app.storage.exists(`assets/${file?.path}`)).toBe(false);
    const patientSees = await resourceCenter(w.patientA1, MEMBERSHIP.patient);
    expect(patientSees.json().results.map((a: TAsset) => a.id)).toContain(asset.id);

    const listed = await injectAs(t.app, w.admin, { method: 'GET', url: '/api/admin/assets/?search=edited' });
    expect(listed.json().results.map((a: TAsset) => a.id)).toEqual([asset.id]);
    expect((await injectAs(t.app, w.hcA, { method: 'GET', url: '/api/admin/assets/' })).statusCode).toBe(403);

    const del = (who: Who) => injectAs(t.app, who, { method: 'DELETE', url: `/api/v1/assets/${asset.id}/` });
    expect((await del(w.hcA)).statusCode).toBe(403);
    expect((await del(w.admin)).statusCode).toBe(200);
    expect(
      (await injectAs(t.app, w.admin, { method: 'GET', url: `/api/v1/assets/${asset.id}/` })).statusCode,
    ).toBe(404);
  });
});
