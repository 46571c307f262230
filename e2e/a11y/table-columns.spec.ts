import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { centerWithPaidPatient } from '../commerce/paid-orders.ts';
import { search } from '../patients/helpers.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';
import { axeProblems, resize, sidewaysOverflow, VIEWPORTS } from './a11y-checks.ts';

/**
 * Issue 42: at 1280 px the pinned right-hand columns (Commission Paid and Edit; the label requests'
 * actions) were drawn over the columns before them: "$3," of Amount, "C U" of Coupon Used,
 * "Notificat…" of Notification sent. Every header and cell of a row must be readable whole once it is
 * brought into the table's view, as the browser does for a focused link or a find-in-page match.
 */

/**
 * A new center (the demo rep's) that paid the $3,500 processing fee for a new patient with a coupon
 * of the test's own, through the API; and its label request for that patient.
 */
async function paidOrderWithCouponAndLabel(request: APIRequestContext) {
  const admin = await apiAs(request, 'admin');
  const code = unique('WIDE').replace(/-/g, '').toUpperCase().slice(0, 30);
  await admin.post('/api/v1/coupon-codes/', {
    name: 'E2E wide table coupon',
    code,
    max_use_number: 1,
    discount_amount_cents: 10_000,
  });
  const { center, patientId } = await centerWithPaidPatient(request, {
    couponCode: code,
    patientFirstName: 'Wanda',
  });
  const hc = await apiAs(request, { email: center.email, password: center.password });
  await hc.post('/api/v1/fedex-requests/', {
    harvest_center: center.id,
    harvest_center_name: `${center.last_name} Clinic`,
    harvest_center_email: center.email,
    harvest_center_representative: 'Rhea Representative',
    doctor_name: 'Dr. Dorian Doctorson',
    doctor_email: `doctor-${center.email}`,
    patients_ids: String(patientId),
    address1: '12 Harvest Road',
    city: 'Austin',
    state_desc: 'TX',
    country_desc: 'United States',
    zip_code: '73301',
  });
  return { code, center };
}

/**
 * The header cells and the first row's cells of the table in `region` whose text is not readable
 * whole: each cell is first brought into view (`scrollIntoView`, nearest edge, as focus and
 * find-in-page do), then the point at the middle and at the right end of each line of its text must
 * hit the cell itself (no pinned column or edge over it), and the cell must not cut its content.
 * A pinned cell must be opaque.
 */
async function hiddenCellText(region: Locator): Promise<string[]> {
  return region.evaluate((scroller) => {
    const table = scroller.querySelector('table');
    if (!table) return ['no table'];
    const headers = [...table.querySelectorAll<HTMLElement>('thead th')];
    const firstRow = [...table.querySelectorAll<HTMLElement>('tbody tr:first-child > td')];
    const problems: string[] = [];
    for (const [index, cell] of [...headers, ...firstRow].entries()) {
      const name = `${index < headers.length ? 'header' : 'cell'} ${index % headers.length} "${cell.textContent?.trim()}"`;
      cell.scrollIntoView({ block: 'center', inline: 'nearest' });
      // A pinned cell hides what scrolls beneath it: it paints its own, opaque background.
      const style = getComputedStyle(cell);
      const alpha = style.backgroundColor.match(/rgba\(.*,\s*([\d.]+)\)/)?.[1];
      if (style.position === 'sticky' && alpha !== undefined && Number(alpha) < 1) {
        problems.push(`${name}: pinned, with a see-through background ${style.backgroundColor}`);
      }
      if (cell.scrollWidth > cell.clientWidth + 1) {
        problems.push(`${name}: content ${cell.scrollWidth}px in ${cell.clientWidth}px`);
      }
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          if (line.width < 1) continue;
          const y = line.top + line.height / 2;
          for (const x of [line.left + line.width / 2, line.right - 1]) {
            const hit = document.elementFromPoint(x, y);
            if (!hit || !cell.contains(hit)) {
              const by = hit
                ? `${hit.tagName.toLowerCase()} "${hit.textContent?.trim().slice(0, 30)}"`
                : 'nothing';
              problems.push(
                `${name}: "${node.textContent.trim()}" at ${Math.round(x)},${Math.round(y)} shows ${by}`,
              );
            }
          }
        }
      }
    }
    scroller.scrollLeft = 0;
    return problems;
  });
}

/** The table's scroll region, once its one row is the one holding `text`. */
async function firstRowWith(page: Page, text: string | RegExp): Promise<Locator> {
  const region = page.getByRole('region', { name: 'Table' });
  await expect(region.locator('tbody tr')).toHaveCount(1);
  await expect(region.locator('tbody tr').first()).toContainText(text);
  return region;
}

test('at 1280 px no pinned column covers another column’s text; at 390 px the rows are cards that fit', async ({
  page,
  request,
}) => {
  test.slow();
  const { code, center } = await paidOrderWithCouponAndLabel(request);
  await loginAs(page, 'admin');
  await page.setViewportSize(VIEWPORTS.desktop);

  // The admin's transaction report, found by the coupon: an amount of thousands and a coupon.
  await page.goto('/all-transaction-report');
  await search(page, 'Search', code);
  const report = await firstRowWith(page, code);
  await expect(report.locator('tbody tr').first()).toContainText(/\$3,\d{3}\.\d{2}/);
  // Still wider than the room beside the menu: the table scrolls inside its region.
  expect(await report.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);
  expect.soft(await hiddenCellText(report), 'transaction report at 1280 px').toEqual([]);
  expect(await sidewaysOverflow(page)).toBeNull();
  // The scroll bar now shown without a hover is no barrier.
  expect(await axeProblems(page, 'transaction report, wide table')).toEqual([]);

  await resize(page, VIEWPORTS.phone);
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: code });
  await expect(card).toContainText(/\$3,\d{3}\.\d{2}/);
  expect(await sidewaysOverflow(page)).toBeNull();

  // The admin's FedEx requests, found by the center.
  await resize(page, VIEWPORTS.desktop);
  await page.goto('/fedex-requests');
  await search(page, 'Filter', center.last_name);
  const labels = await firstRowWith(page, center.last_name);
  expect.soft(await hiddenCellText(labels), 'FedEx requests at 1280 px').toEqual([]);
  expect(await sidewaysOverflow(page)).toBeNull();
  expect(await axeProblems(page, 'FedEx requests, wide table')).toEqual([]);

  await resize(page, VIEWPORTS.phone);
  const request_ = page.getByRole('main').getByRole('listitem').filter({ hasText: center.last_name });
  await expect(request_.getByRole('button', { name: /^Edit label request/ })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeNull();
});
