import { HC_LOGO_FIELD, HC_LOGO_TEXTS } from '@portal/shared/hc-profile';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/documents.ts';
import { createTransaction } from '../src/seed/transaction-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { blankPng, multipartBody } from './helpers/documents.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

type Who = Parameters<typeof injectAs>[1];

/** How many images a PDF holds (a logo is one). */
async function imageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
}

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

function upload(who: Who, content: Uint8Array, fields: Record<string, string> = {}, filename = 'logo.png') {
  const body = multipartBody(fields, { name: HC_LOGO_FIELD, filename, content, type: 'image/png' });
  return injectAs(t.app, who, {
    method: 'POST',
    url: '/api/v1/utilities/upload-hc-logo/',
    payload: body.payload,
    headers: body.headers,
  });
}

describe('HC logo', () => {
  it('an HC uploads a logo: kept as a PNG that fits 512×512, public by its random name, in its session', async () => {
    const response = await upload(w.hcA, await picture(1200, 600, 'jpeg'), {}, 'logo.jpg');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: HC_LOGO_TEXTS.updated });
    const url: string = response.json().logo_url;
    expect(url).toMatch(/^\/media\/hc-logos\/[0-9a-f-]{36}\.png$/);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 256]);

    const session = await injectAs(t.app, w.hcA, { method: 'GET', url: '/api/v1/session/' });
    expect(session.json().user.logo_url).toBe(url);

    // A new logo replaces the old one, whose file goes: its 404 is never kept by a browser or a cache.
    const second = await upload(w.hcA, await picture(100, 100, 'webp'), {}, 'logo.webp');
    expect(second.statusCode, second.body).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    const small = await sharp(
      (await t.app.inject({ method: 'GET', url: second.json().logo_url })).rawPayload,
    ).metadata();
    expect([small.width, small.height]).toEqual([100, 100]);
  });

  it('refuses SVG, files that are not images, images that do not decode and files over the limit', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const refusedSvg = await upload(w.hcA2, svg, {}, 'logo.svg');
    expect(refusedSvg.statusCode).toBe(400);
    expect(refusedSvg.json().errors[HC_LOGO_FIELD]).toMatch(/PNG, JPEG or WebP/);
    expect((await upload(w.hcA2, new TextEncoder().encode('hello'), {}, 'logo.png')).statusCode).toBe(400);
    const png = await picture(50, 50);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200)]);
    const unreadable = await upload(w.hcA2, broken);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe(HC_LOGO_TEXTS.unreadable);
    const huge = Buffer.concat([png, Buffer.alloc(2.5 * 1024 * 1024)]);
    expect((await upload(w.hcA2, huge)).statusCode).toBe(413);
    const session = await injectAs(t.app, w.hcA2, { method: 'GET', url: '/api/v1/session/' });
    expect(session.json().user.logo_url).toBeNull();
  });

  it('refuses a picture over 40 megapixels by its header, before decoding it', async () => {
    // 10000×5000 pixels in 7 kB: decoding it would take 200 MB.
    const bomb = blankPng(10_000, 5_000);
    expect(bomb.length).toBeLessThan(10_000);
    const refused = await upload(w.hcA, bomb);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({
      message: HC_LOGO_TEXTS.tooLarge,
      errors: { [HC_LOGO_FIELD]: HC_LOGO_TEXTS.tooLarge },
    });
    // At the limit (a phone photo's size), it is taken.
    expect((await upload(w.hcA, blankPng(8_000, 5_000))).statusCode).toBe(200);
  });

  it('only an HC for itself and admins for a named HC', async () => {
    const png = await picture(40, 40);
    expect((await upload(w.hcA2, png, { harvest_center_id: String(w.hcB.id) })).statusCode).toBe(403);
    for (const who of [w.patientA1, w.repA, w.rhcA, w.labUser1, w.staffA]) {
      expect((await upload(who, png)).statusCode).toBe(403);
    }
    expect((await upload(w.admin, png)).statusCode).toBe(400);
    const byAdmin = await upload(w.admin, png, { harvest_center_id: String(w.hcB.id) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const session = await injectAs(t.app, w.hcB, { method: 'GET', url: '/api/v1/session/' });
    expect(session.json().user.logo_url).toBe(byAdmin.json().logo_url);
  });

  it("puts the center's logo on the agreements it sends", async () => {
    const sent = await injectAs(t.app, w.hcB, {
      method: 'POST',
      url: '/api/v1/documents/send/',
      payload: { harvest_center_id: w.hcB.id, name: 'Logo Patient', email: 'logo.patient@example.test' },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const rows = await t.db.select().from(documents).where(eq(documents.harvestCenterId, w.hcB.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(await imageCount(await t.app.storage.getBytes(String(row.originalKey)))).toBeGreaterThan(0);
    }
  });

  it("puts the center's logo on its receipts", async () => {
    const sale = await createTransaction(t.db, { buyer: w.hcB });
    const receipt = await injectAs(t.app, w.hcB, {
      method: 'GET',
      url: `/api/v1/transactions/${sale.id}/receipt/`,
    });
    expect(receipt.statusCode).toBe(200);
    expect(await imageCount(receipt.rawPayload)).toBeGreaterThan(0);

    const withoutLogo = await createTransaction(t.db, { buyer: w.hcA2 });
    const plain = await injectAs(t.app, w.hcA2, {
      method: 'GET',
      url: `/api/v1/transactions/${withoutLogo.id}/receipt/`,
    });
    expect(await imageCount(plain.rawPayload)).toBe(0);
  });
});
