import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/documents.ts';
import { verifySealedPdf } from '../src/pdf-signing/verify-pdf.ts';
import {
  blankPngDataUrl,
  drawnSignatureDataUrl,
  linkOf,
  overflowingPngDataUrl,
  type SigningLink,
  sign,
  testCertificateEnv,
} from './helpers/documents.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/*
 * Issue 32, finding 2: one anonymous request froze the server. A drawn signature of 8000×8000 pixels
 * (a few kilobytes of PNG) was decoded on the event loop: seconds and most of a gigabyte, while every
 * other request, /healthz too, waited. Now the PNG's header is read first, and the PDF work (render,
 * stamp, seal) runs on the CPU pool's threads (docs/decisions/029).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: await testCertificateEnv() });
});
afterAll(() => t.close());

let signUps = 0;
/** What a stranger gets without an account: the HC sign-up's attestation and its signing link. */
async function anonymousSigningLink(): Promise<SigningLink> {
  signUps += 1;
  const started = await t.app.inject({
    method: 'POST',
    url: '/auth/boldsign/',
    payload: { name: 'Stranger Center', email: `stranger-${signUps}@example.test` },
    // One address each: sign-ups are throttled per address, and strangers have many.
    remoteAddress: `192.0.2.${signUps}`,
  });
  expect(started.statusCode, started.body).toBe(200);
  return linkOf(started.json().signLink);
}

const TOO_LARGE = 'The drawn signature is too large: at most 2000×1000 pixels.';

describe('POST /api/v1/signing/sign/ with a drawn signature', () => {
  it('refuses an 8000×8000 PNG by its header, at once, without decoding it', async () => {
    const link = await anonymousSigningLink();
    const image = blankPngDataUrl(8000, 8000);
    expect(image.length).toBeLessThan(20_000);
    const started = performance.now();
    const answer = await sign(t.app, link, { type: 'drawn', image });
    const elapsed = performance.now() - started;
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ message: TOO_LARGE, errors: { 'signature.image': TOO_LARGE } });
    // Decoding it took seconds (4.7 s in the report, 5.8 s here); reading its header takes nothing.
    expect(elapsed).toBeLessThan(2000);
    // The link is still usable: nothing was signed.
    expect((await sign(t.app, link, { type: 'drawn', image: drawnSignatureDataUrl() })).statusCode).toBe(200);
  });

  it('refuses a signature one pixel wider or higher than a signature pad makes', async () => {
    for (const [width, height] of [
      [2001, 10],
      [10, 1001],
    ]) {
      const answer = await sign(t.app, await anonymousSigningLink(), {
        type: 'drawn',
        image: blankPngDataUrl(width, height),
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toBe(TOO_LARGE);
    }
  });

  it('refuses a PNG whose image data inflates beyond what its header declares', async () => {
    // 200×100 RGB is 60 kB of pixels; this one inflates to 64 MB (a decompression bomb).
    const image = overflowingPngDataUrl(200, 100, 64 * 1024 * 1024);
    expect(image.length).toBeLessThan(400_000);
    const answer = await sign(t.app, await anonymousSigningLink(), { type: 'drawn', image });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors).toEqual({ 'signature.image': 'The drawn signature must be a PNG image.' });
  });

  it('signs with a normal drawn signature and with one of the largest size', async () => {
    for (const image of [drawnSignatureDataUrl(), drawnSignatureDataUrl(2000, 1000)]) {
      const link = await anonymousSigningLink();
      const answer = await sign(t.app, link, { type: 'drawn', image });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ success: true, status: 'Completed' });
    }
  });
});

describe('PDF work runs off the event loop', () => {
  it('keeps the event loop free while a signature is stamped and sealed', async () => {
    // Once before measuring, so loading the PDF modules is not counted.
    await sign(t.app, await anonymousSigningLink(), { type: 'drawn', image: drawnSignatureDataUrl() });
    const link = await anonymousSigningLink();
    // The largest signature accepted: its decode, stamp and compression make the heaviest seal.
    const image = drawnSignatureDataUrl(2000, 1000);

    const delay = monitorEventLoopDelay({ resolution: 5 });
    // /healthz asked every 5 ms meanwhile: when each answer came.
    const answeredAt: number[] = [];
    let signing = true;
    const probeLoop = (async () => {
      while (signing) {
        const probe = await t.app.inject({ method: 'GET', url: '/healthz' });
        expect(probe.statusCode).toBe(200);
        answeredAt.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    delay.enable();
    const started = performance.now();
    const answer = await sign(t.app, link, { type: 'drawn', image });
    const elapsed = performance.now() - started;
    delay.disable();
    signing = false;
    await probeLoop;

    expect(answer.statusCode, answer.body).toBe(200);
    // On the event loop, the loop stood still for most of the request (1.4 s of 1.6 here) and
    // /healthz went unanswered as long; off it, the longest stall is a small part of the request.
    const maxDelay = delay.max / 1e6;
    const longestSilence = Math.max(...answeredAt.map((at, i) => at - (answeredAt[i - 1] ?? started)));
    const figures = `max event-loop delay ${maxDelay} ms, longest time without a /healthz answer ${longestSilence} ms, ${answeredAt.length} answers, signing ${elapsed} ms`;
    expect(maxDelay, figures).toBeLessThan(elapsed / 2);
    expect(longestSilence, figures).toBeLessThan(elapsed / 2);
    expect(answeredAt.length, figures).toBeGreaterThanOrEqual(5);
  });

  it('makes a sealed PDF that verifies (stamped and sealed on a worker thread)', async () => {
    const link = await anonymousSigningLink();
    const answer = await sign(t.app, link, { type: 'drawn', image: drawnSignatureDataUrl() });
    expect(answer.statusCode, answer.body).toBe(200);
    const [document] = await t.db.select().from(documents).where(eq(documents.documentId, link.documentId));
    const pdf = await t.app.storage.getBytes(document.finalKey ?? '');
    expect(await verifySealedPdf(pdf, await t.app.documents.seal.certificate())).toEqual({
      valid: true,
      documentId: link.documentId,
    });
  });
});
