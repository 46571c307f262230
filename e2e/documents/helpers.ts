import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';
import { deliveredMails } from '../support/mail.ts';

const SIGNING_LINK = /http:\/\/\S+?\/sign-your-document\?documentId=[\w-]+&token=[\w-]+/g;

/** The signing links of the newest signing-request mail delivered to `to` (one per agreement). */
export async function deliveredSigningLinks(to: string, expected: number): Promise<string[]> {
  let links: string[] = [];
  await expect
    .poll(
      async () => {
        const requests = (await deliveredMails(to)).filter((mail) => /please sign/i.test(mail));
        links = [...new Set(requests.at(-1)?.match(SIGNING_LINK) ?? [])];
        return links.length;
      },
      { timeout: 15_000 },
    )
    .toBe(expected);
  return links;
}

/** Signs with the pointer in the signature box, as a person does with a mouse: two strokes. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature box is not shown');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.4, 0.35],
    [0.5, 0.65],
  ] as const) {
    await page.mouse.move(...at(x, y), { steps: 6 });
  }
  await page.mouse.up();
  await page.mouse.move(...at(0.55, 0.5));
  await page.mouse.down();
  await page.mouse.move(...at(0.85, 0.45), { steps: 8 });
  await page.mouse.up();
}
