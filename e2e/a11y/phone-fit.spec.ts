import type { Locator, Page } from '@playwright/test';
import { deliveredSigningLinks } from '../documents/helpers.ts';
import { createPatientAccount, patchAs } from '../patients/helpers.ts';
import { apiAs, type DemoRole, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { VIEWPORTS } from './a11y-checks.ts';

/**
 * At 390 × 844 (issue 42, part 1): a document's pages fill the viewer's width, drawn sharp and
 * never blank-looking, and every list's search field shows its whole placeholder.
 */

/**
 * The first page of the viewer: its rendered width against the viewer's inner width, its pixels
 * per CSS pixel, and how much ink it holds (a blank page has none).
 */
async function firstPage(viewer: Locator) {
  return viewer.evaluate((region) => {
    const canvas = region.querySelector('figure canvas');
    if (!(canvas instanceof HTMLCanvasElement)) return null;
    const style = getComputedStyle(region);
    const inner =
      region.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const shown = canvas.getBoundingClientRect();
    let ink = 0;
    const context = canvas.getContext('2d');
    if (context && canvas.width > 0 && canvas.height > 0) {
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 600) ink++;
    }
    return {
      share: shown.width / inner,
      pixelsPerCssPixel: canvas.width / shown.width,
      aspect: canvas.width / canvas.height / (shown.width / shown.height),
      ink,
    };
  });
}

declare global {
  interface Window {
    firstFrames?: { height: number; busy: boolean; loader: boolean }[];
  }
}

/**
 * Records each page of a viewer as it is first put in the document, before pdf.js can have drawn it
 * (the drawing waits on the worker): its height, and whether it shows that it is being drawn.
 */
async function recordFirstFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.firstFrames = [];
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const page = 'figure[aria-label^="Page "]';
          const figures = [...node.querySelectorAll<HTMLElement>(page)];
          if (node.matches(page)) figures.push(node);
          for (const figure of figures) {
            const loader = figure.querySelector('.mantine-Loader-root');
            window.firstFrames?.push({
              height: figure.getBoundingClientRect().height,
              busy: figure.getAttribute('aria-busy') === 'true',
              loader: loader !== null && loader.getBoundingClientRect().width > 0,
            });
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * The first page fills the viewer's width, painted (with ink) at the screen's pixel density; before
 * it was drawn its box already had the page's size and showed a loader (recordFirstFrames).
 */
async function expectFirstPageFilled(page: Page, viewer: Locator): Promise<void> {
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('figure').first()).toBeVisible();
  await expect
    .poll(async () => {
      const first = await firstPage(viewer);
      return first !== null && first.share >= 0.9 && first.ink > 500;
    })
    .toBe(true);
  const first = await firstPage(viewer);
  expect(first?.share).toBeGreaterThanOrEqual(0.9);
  // The page keeps its proportions, drawn at the device's pixel ratio (within a pixel of rounding).
  expect(first?.aspect).toBeCloseTo(1, 1);
  const ratio = await page.evaluate(() => window.devicePixelRatio);
  expect(first?.pixelsPerCssPixel).toBeGreaterThanOrEqual(ratio * 0.98);

  const [firstFrame] = (await page.evaluate(() => window.firstFrames)) ?? [];
  expect(firstFrame, 'the first page as it was first put in the page').toBeDefined();
  expect(firstFrame?.busy).toBe(true);
  expect(firstFrame?.loader).toBe(true);
  const drawnHeight = (await viewer.getByRole('figure').first().boundingBox())?.height ?? 0;
  expect(firstFrame?.height ?? 0).toBeGreaterThan(drawnHeight * 0.95);
  expect(firstFrame?.height ?? 0).toBeLessThan(drawnHeight * 1.05);
  await expect(viewer.getByRole('figure').first()).not.toHaveAttribute('aria-busy', 'true');
}

test.describe('at 390 px', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the signing page draws the first page as wide as the viewer, with ink, at the screen’s density', async ({
    browser,
    request,
  }) => {
    const hc = await apiAs(request, 'hc');
    const email = `${unique('wide')}@example.com`;
    await hc.post('/api/v1/documents/send/', { harvest_center_id: hc.user.id, name: 'Wanda Wide', email });
    const [link] = await deliveredSigningLinks(email, 3);

    // A phone's dense screen (an iPhone's 3 device pixels per CSS pixel): the page is drawn with as
    // many pixels, to stay sharp.
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, deviceScaleFactor: 3 });
    const page = await context.newPage();
    await recordFirstFrames(page);
    await page.goto(link);
    await expectFirstPageFilled(page, page.getByRole('region', { name: /\(PDF\)$/ }));
    await context.close();
  });

  test('a new patient’s signing pop-up draws the agreement’s first page as wide as the viewer, with ink', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, 'admin');
    const hc = await apiAs(request, 'hc');
    const patient = await createPatientAccount(request, admin, { first_name: 'Nia', last_name: 'Narrow' });
    await patchAs(request, admin, `/api/v1/patients/${patient.id}/`, { harvest_center_temporal: hc.user.id });
    await hc.post('/api/v1/documents/send/', {
      harvest_center_id: hc.user.id,
      name: 'Nia Narrow',
      email: patient.email,
      patient_id: patient.id,
    });

    await page.setViewportSize(VIEWPORTS.phone);
    await recordFirstFrames(page);
    await loginAs(page, patient);
    await page.goto('/dashboard');
    // At 390 px the documents are cards, each with its Sign button.
    await page.getByRole('main').getByRole('button', { name: 'Sign Storage Agreement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Document' });
    await expectFirstPageFilled(page, dialog.getByRole('region', { name: /\(PDF\)$/ }));
  });

  /**
   * The search field's placeholder against the room inside the field (its width less its padding,
   * where the icons sit): the placeholder's width measured with the field's own font.
   */
  async function placeholderFit(input: Locator) {
    return input.evaluate((field) => {
      if (!(field instanceof HTMLInputElement)) return null;
      const style = getComputedStyle(field);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return null;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(field.placeholder).width;
      const room =
        field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { placeholder: field.placeholder, text: Math.ceil(text), room: Math.floor(room) };
    });
  }

  const LISTS: { role: DemoRole; path: string; field: string }[] = [
    { role: 'admin', path: '/dashboard', field: 'Search' },
    { role: 'admin', path: '/patients', field: 'Search patients' },
    { role: 'hc', path: '/dashboard', field: 'Search patients' },
    { role: 'hc', path: '/referral-patients', field: 'Search patients' },
    { role: 'manager', path: '/all-patients-team', field: 'Search patients' },
    // The longest placeholders of the other lists.
    { role: 'admin', path: '/fedex-requests', field: 'Filter' },
    { role: 'admin', path: '/harvest-centers', field: 'Search' },
    { role: 'hc', path: '/patients-signatures', field: 'Search documents' },
  ];

  for (const list of LISTS) {
    test(`the ${list.role}’s ${list.path} search field shows its whole placeholder`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS.phone);
      await loginAs(page, list.role);
      await page.goto(list.path);
      const field = page.getByRole('main').getByLabel(list.field, { exact: true });
      await expect(field).toBeVisible();
      const fit = await placeholderFit(field);
      expect(fit?.placeholder.length).toBeGreaterThan(3);
      expect(fit?.text, `"${fit?.placeholder}" in ${fit?.room} px`).toBeLessThanOrEqual(fit?.room ?? 0);
      // Nothing of the field past the screen's edge either.
      const box = await field.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    });
  }
});
