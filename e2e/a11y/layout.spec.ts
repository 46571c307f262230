import type { Locator, Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { HC_LOGO_FIELD } from '../../shared/src/hc-profile.ts';
import { MEMBERSHIP } from '../../shared/src/memberships.ts';
import { deliveredSigningLinks } from '../documents/helpers.ts';
import { apiAs, expect, loginAs, type StoredSession, test, unique } from '../support/fixtures.ts';
import { axeProblems, resize, sidewaysOverflow, VIEWPORTS } from './a11y-checks.ts';

/**
 * What a new user sees at 1280 and 390 px (issue 33, Layout): nothing cut, every action reachable
 * without scrolling sideways, the header one bar, the chart's labels inside the chart, and a
 * document readable before signing where the browser has no PDF viewer (a phone; the headless shell).
 */

const WIDTHS = [VIEWPORTS.desktop, VIEWPORTS.phone] as const;

/**
 * The elements among `targets` (and the parts named by `inner`) whose content does not fit their box,
 * or whose box reaches past the table cell or card field they sit in: text cut by an ellipsis or
 * hidden by overflow. One line each, with the element's text.
 */
async function cutElements(targets: Locator, inner: string): Promise<string[]> {
  return targets.evaluateAll(
    (elements, innerSelector) =>
      elements.flatMap((element) => {
        const parts = [element, ...element.querySelectorAll<HTMLElement>(innerSelector)];
        const overflowing = parts.some(
          (part) => part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1,
        );
        const box = element.getBoundingClientRect();
        const holder = element.parentElement?.closest('td, dd, section, li');
        const outside = holder ? box.right > holder.getBoundingClientRect().right + 1 : false;
        const widerThanScreen = box.right > window.innerWidth + 1;
        return overflowing || outside || widerThanScreen
          ? [`"${element.textContent?.trim()}" (${Math.round(box.width)}px wide)`]
          : [];
      }),
    inner,
  );
}

const cutBadges = (scope: Locator) =>
  cutElements(scope.locator('.mantine-Badge-root'), '.mantine-Badge-label');

/** Whether `target` lies whole inside `frame`'s visible box (a scroll region shows only part of a table). */
async function inside(target: Locator, frame: Locator): Promise<boolean> {
  const [t, f] = await Promise.all([target.boundingBox(), frame.boundingBox()]);
  if (!t || !f) return false;
  return t.x >= f.x - 1 && t.x + t.width <= f.x + f.width + 1;
}

/** How many pixels of each canvas are darker than light grey: ink, where a blank page has none. */
function darkPixels(canvases: HTMLCanvasElement[]): number[] {
  return canvases.map((canvas) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 600) dark++;
    return dark;
  });
}

/** Opens the app signed in with `session`, stored as the web app keeps it (web/src/lib/session.ts). */
async function openWithSession(page: Page, session: StoredSession): Promise<void> {
  await page.addInitScript(({ token, user }) => {
    localStorage.setItem('portal.token', token);
    localStorage.setItem('portal.user', JSON.stringify(user));
  }, session);
}

test.describe('layout', () => {
  test.describe.configure({ mode: 'parallel' });

  test('stage badges show their whole text, in the table at 1280 px and on the cards at 390 px', async ({
    page,
  }) => {
    await loginAs(page, 'hc');
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      const main = page.getByRole('main');
      // The demo center's patients are at every stage, "Tissue shipped to lab" and "Vials ready to ship" among them.
      await expect(main.getByText('Tissue shipped to lab', { exact: true }).first()).toBeVisible();
      await expect(main.getByText('Vials ready to ship', { exact: true }).first()).toBeVisible();
      expect(await cutBadges(main), `badges cut at ${viewport.width} px`).toEqual([]);
    }
  });

  test('at 1280 px the admin reaches Edit and Commission Paid of a transaction, and the label requests’ actions, without scrolling sideways', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await loginAs(page, 'admin');

    await page.goto('/all-transaction-report');
    const table = page.getByRole('region', { name: 'Table' });
    const firstRow = table.locator('tbody tr').first();
    const edit = firstRow.getByRole('button', { name: /^Edit transaction/ });
    await expect(edit).toBeVisible();
    // The table is wider than the screen's room: its other columns scroll, these stay in view.
    expect(await table.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
    expect(await inside(edit, table), 'Edit inside the visible part of the table').toBe(true);
    const paidHeader = table.getByRole('columnheader', { name: 'Commission Paid' });
    const paidCell = firstRow.locator('td').nth(-2);
    await expect(paidCell).toHaveText(/^(Yes|No)$/);
    expect(await inside(paidHeader, table), 'Commission Paid header in view').toBe(true);
    expect(await inside(paidCell, table), 'Commission Paid cell in view').toBe(true);
    await edit.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/fedex-requests');
    const labels = page.getByRole('region', { name: 'Table' });
    const actions = labels.locator('tbody tr').first().locator('td').last();
    await expect(actions.getByRole('button', { name: /^Edit label request/ })).toBeVisible();
    // Edit and Send notification share the last cell: the whole cell is in view.
    expect(await inside(actions, labels), 'the label request actions in view').toBe(true);
    expect(await sidewaysOverflow(page)).toBeNull();
  });

  test('the header stays one bar with a long name and a wide center logo, at 1280 and 390 px', async ({
    page,
    request,
  }) => {
    // A harvest center with a long name and a wide logo (drawn in the browser: a real PNG), made by the admin.
    const admin = await apiAs(request, 'admin');
    const last = `Featherstonehaugh-${unique('Vandenberghe')}`;
    const fullName = `Maximiliana Konstantina ${last}`;
    const { id } = await admin.post<{ id: number }>('/api/v1/users/', {
      subscription: MEMBERSHIP.harvestCenter,
      email: `${last.toLowerCase()}@e2e.example.com`,
      first_name: 'Maximiliana Konstantina',
      last_name: last,
      password: 'test-password-123',
      company: `${last} Regenerative Medicine Clinic`,
    });
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 96;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#1c5f7a';
        context.fillRect(0, 0, 480, 96);
      }
      return canvas.toDataURL('image/png').split(',')[1];
    });
    const uploaded = await request.post('/api/v1/utilities/upload-hc-logo/', {
      headers: { authorization: `Token ${admin.token}` },
      multipart: {
        [HC_LOGO_FIELD]: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') },
        harvest_center_id: String(id),
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    // The center's own screens, as the admin's Login As opens them.
    const center = await admin.post<StoredSession>('/api/v1/users/login-as-user/', { user_id: id });
    await openWithSession(page, center);

    await page.goto('/dashboard');
    const header = page.getByRole('banner');
    const menu = header.getByRole('button', { name: `${fullName}, user menu` });
    await expect(header.getByRole('img', { name: /logo$/ })).toBeVisible();
    for (const viewport of WIDTHS) {
      await resize(page, viewport);
      await expect(menu).toBeVisible();
      // Everything in the header inside its one bar: nothing wrapped below it or past the screen.
      const outside = await header.evaluate((bar) => {
        const box = bar.getBoundingClientRect();
        return [...bar.querySelectorAll<HTMLElement>('*')]
          .filter((element) => element.getClientRects().length > 0)
          .filter((element) => {
            const own = element.getBoundingClientRect();
            return own.bottom > box.bottom + 1 || own.top < box.top - 1 || own.right > window.innerWidth + 1;
          })
          .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40)}"`);
      });
      expect(outside, `header at ${viewport.width} px`).toEqual([]);
      expect((await header.boundingBox())?.height).toBe(60);
    }
    // A name cut short keeps the whole of it in a title (and in the button's name).
    await expect(menu).toHaveAttribute('title', fullName);
    expect(await sidewaysOverflow(page)).toBeNull();
  });

  test('at 390 px the purchase buttons show their whole product names', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await loginAs(page, 'hc');
    await page.goto('/dashboard');
    const payments = page.getByRole('region', { name: 'Harvest Center Payments' });
    const cannula = payments.getByRole('link', { name: 'FDA Cleared Single-Use Sterile Disposable Cannula' });
    await expect(cannula).toBeVisible();
    const buttons = payments.locator('.mantine-Button-root');
    expect(await buttons.count()).toBeGreaterThan(3);
    expect(await cutElements(buttons, '.mantine-Button-inner, .mantine-Button-label')).toEqual([]);
    expect(await inside(cannula, payments)).toBe(true);
  });

  test('at 390 px the white-label domain table fits its card and its status badge is whole', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(VIEWPORTS.phone);
    const host = `${unique('a-rather-long-clinic-name')}.example.com`;
    await loginAs(page, 'admin');
    await page.goto('/white-label-registration');
    await page.getByLabel('Title').fill('Sunrise Regenerative Clinics');
    await page.getByLabel('URL').fill(`https://${host}`);
    await page.getByLabel('Sender e-mail').fill(`hello@${host}`);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Sunrise');
    await page.getByRole('textbox', { name: /^E-mail/ }).fill(`admin@${host}`);
    await page.getByLabel('Password').fill('sunrise-admin-password');
    await page.getByRole('button', { name: 'Register' }).click();
    const domain = page.getByRole('table', { name: `Domain ${host}` });
    await expect(domain.getByText('Waiting')).toBeVisible({ timeout: 20_000 });

    // Both tables (the new domain's status and the list of domains) fit the card they are in.
    const tables = page.getByRole('main').getByRole('table');
    await expect(tables).toHaveCount(2);
    const overflowing = await tables.evaluateAll((all) =>
      all
        .filter((table) => {
          const card = table.closest('.mantine-Paper-root') ?? table.parentElement;
          return !card || table.getBoundingClientRect().right > card.getBoundingClientRect().right + 1;
        })
        .map((table) => table.textContent?.slice(0, 60)),
    );
    expect(overflowing).toEqual([]);
    expect(await cutBadges(page.getByRole('main'))).toEqual([]);
    await expect(domain.getByRole('button', { name: 'Check Status' })).toBeInViewport();
    expect(await sidewaysOverflow(page)).toBeNull();
  });

  test('the commissions chart shows its whole y-axis labels at 1280 and 390 px', async ({ page }) => {
    await loginAs(page, 'admin');
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.goto('/commissions');
      const ticks = page.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await expect(ticks.first()).toBeVisible();
      const cut = await page
        .locator('.recharts-surface')
        .first()
        .evaluate((svg) => {
          const chart = svg.getBoundingClientRect();
          return [...svg.querySelectorAll('.recharts-cartesian-axis-tick-value')]
            .filter((tick) => {
              const box = tick.getBoundingClientRect();
              return (
                box.left < chart.left - 0.5 || box.right > chart.right + 0.5 || box.top < chart.top - 0.5
              );
            })
            .map((tick) => tick.textContent);
        });
      expect(cut, `tick labels outside the chart at ${viewport.width} px`).toEqual([]);
    }
  });

  test('at 390 px, without a PDF viewer, the signing page shows the document’s pages to read', async ({
    page,
    request,
  }) => {
    const hc = await apiAs(request, 'hc');
    const email = `${unique('reader')}@example.com`;
    await hc.post('/api/v1/documents/send/', { harvest_center_id: hc.user.id, name: 'Rhea Reader', email });
    const [link] = await deliveredSigningLinks(email, 3);

    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(link);
    // The headless shell, like a phone's browser, has no PDF viewer to show a PDF in a frame.
    expect(await page.evaluate(() => navigator.pdfViewerEnabled)).toBe(false);
    const viewer = page.getByRole('region', { name: /\(PDF\)$/ });
    await expect(viewer).toBeVisible();
    const pdfHref = await page.getByRole('link', { name: /^Download the document/ }).getAttribute('href');
    const pdf = await page.request.get(pdfHref ?? '');
    expect(pdf.ok()).toBe(true);
    const pageCount = (await PDFDocument.load(await pdf.body())).getPageCount();

    const pages = viewer.getByRole('figure');
    await expect(pages).toHaveCount(pageCount);
    await expect(pages.first()).toHaveAccessibleName(`Page 1 of ${pageCount}`);
    // Each page drawn: a canvas as wide as the viewer, with ink on it (a blank page is all white).
    const inkPerPage = () => pages.locator('canvas').evaluateAll(darkPixels);
    await expect
      .poll(async () => Math.min(...(await inkPerPage())), { timeout: 15_000 })
      .toBeGreaterThan(500);
    const firstCanvas = await pages.first().locator('canvas').boundingBox();
    expect(firstCanvas?.width).toBeGreaterThan(250);
    // Each page's text for screen readers (the canvas is a picture): the first opens with the document's name.
    const name = ((await viewer.getAttribute('aria-label')) ?? '').replace(/ \(PDF\)$/, '');
    expect(name.length).toBeGreaterThan(3);
    await expect(pages.first()).toContainText(name);
    expect(await sidewaysOverflow(page)).toBeNull();
    expect(await axeProblems(page, 'phone signing page')).toEqual([]);
  });
});
