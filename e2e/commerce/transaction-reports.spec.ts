import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { TRANSACTION_TEXTS } from '../../shared/src/transactions.ts';
import { apiAs, expect, loginAs, test, unique } from '../support/fixtures.ts';

/** The demo's rep: every demo transaction was sold by her team. */
const REP = 'Rita Rep';

async function pickOption(page: Page, label: string, search: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().fill(search);
  await page.getByRole('option', { name: option }).click();
}

/** The first day of last month in the date picker: every demo order of the last weeks is after it. */
async function pickLastMonthStart(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const now = new Date();
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const month = lastMonth.toLocaleString('en-US', { month: 'long' });
  await page.getByRole('button', { name: `1 ${month} ${lastMonth.getFullYear()}`, exact: true }).click();
}

async function downloadedText(page: Page, button: string): Promise<{ name: string; path: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  return { name: file.suggestedFilename(), path: await file.path() };
}

test('the admin filters the report by rep and date, downloads CSV and XLSX, and edits a row with a note', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/all-transaction-report');
  await expect(page.getByRole('heading', { name: TRANSACTION_TEXTS.adminTitle, level: 1 })).toBeVisible();
  await pickOption(page, 'Sales rep', 'Rita', REP);
  await pickLastMonthStart(page, 'Date after');
  // The picked day in the portal's one date format ('1 Oct 2026', not '2026-10-01').
  await expect(page.getByRole('button', { name: 'Date after' })).toHaveText(/^1 [A-Z][a-z]{2} \d{4}$/);
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText(REP);
  const firstId = (await firstRow.getByRole('cell').first().textContent())?.trim() ?? '';
  expect(firstId).toMatch(/^\d+$/);

  const csv = await downloadedText(page, 'Download CSV');
  expect(csv.name).toMatch(/^transaction_report_\d{8}T\d{6}Z\.csv$/);
  const lines = fs
    .readFileSync(csv.path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Sales Rep Name');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes(REP))).toBe(true);
  expect(lines.some((line) => line.startsWith(`${firstId},`))).toBe(true);
  // Dates in the one date format (UTC), which a spreadsheet reads as dates; amounts without '$'.
  const firstLine = lines.find((line) => line.startsWith(`${firstId},`))?.split(',') ?? [];
  expect(firstLine[2]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
  expect(firstLine[13]).toMatch(/^-?\d+\.\d{2}$/);

  const xlsx = await downloadedText(page, 'Download XLSX');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsx.path);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe('ID');
  const ids = [];
  for (let r = 2; r <= sheet.rowCount; r++) ids.push(String(sheet.getRow(r).getCell(1).value));
  expect(ids).toContain(firstId);
  // Dates as dates and amounts as numbers, shown in the one date format and as dollars.
  const firstXlsxRow = sheet.getRow(ids.indexOf(firstId) + 2);
  expect(firstXlsxRow.getCell(3).value).toBeInstanceOf(Date);
  expect(firstXlsxRow.getCell(3).numFmt).toBe('d mmm yyyy, hh:mm "UTC"');
  expect(typeof firstXlsxRow.getCell(14).value).toBe('number');
  expect(firstXlsxRow.getCell(14).numFmt).toBe('"$"#,##0.00');

  // The edit: no note, no update; with a note, updated and listed in the history.
  await page.getByRole('button', { name: `Edit transaction ${firstId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit transaction #${firstId}` });
  await dialog.getByRole('button', { name: 'Update' }).click();
  // The spec's message, at the note field (issue 42).
  await expect(dialog.getByText(TRANSACTION_TEXTS.noChanges)).toBeVisible();
  await expect(dialog.getByLabel(TRANSACTION_TEXTS.noteLabel)).toHaveAttribute('aria-invalid', 'true');
  const note = `Checked with the clinic ${Date.now()}`;
  await dialog.getByLabel(TRANSACTION_TEXTS.noteLabel).fill(note);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(TRANSACTION_TEXTS.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Edit transaction ${firstId}` }).click();
  await expect(page.getByRole('dialog', { name: `Edit transaction #${firstId}` })).toContainText(note);
});

test('a sales manager opens the team report', async ({ page }) => {
  await loginAs(page, 'manager');
  await page.goto('/team-transaction-report');
  await expect(page.getByRole('heading', { name: TRANSACTION_TEXTS.managerTitle, level: 1 })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(REP);
  await expect(page.getByRole('button', { name: /^Edit transaction/ })).toHaveCount(0);
});

test('a rep sees its commissions and the chart of the last 12 months', async ({ page }) => {
  await loginAs(page, 'rep');
  await page.goto('/commissions');
  await expect(page.getByRole('heading', { name: 'Commissions', level: 1 })).toBeVisible();
  await pickLastMonthStart(page, 'From');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  // Bars of the months with commissions (the demo's orders of the last months).
  await expect.poll(() => page.locator('.recharts-bar-rectangle path').count()).toBeGreaterThan(0);
  await expect(page.getByRole('row').nth(1)).toContainText(REP);
  await expect(page.getByRole('button', { name: 'Mark selected as paid' })).toHaveCount(0);
});

test("the admin's patient picker tells patients of one name apart and searches names, not e-mails", async ({
  page,
}) => {
  const admin = await apiAs(page.request, 'admin');
  const last = unique('Twin').replace(/[^A-Za-z]/g, '');
  const emails = [`${unique('twin-a')}@twins.example`, `${unique('twin-b')}@twins.example`];
  for (const email of emails)
    await admin.post('/api/v1/patients/', { first_name: 'Ava', last_name: last, email });

  await loginAs(page, 'admin');
  await page.goto('/all-transaction-report');
  const picker = page.getByLabel('Patient', { exact: true }).first();
  await picker.fill(`Ava ${last}`);
  const options = page.getByRole('option');
  await expect(options).toHaveCount(2);
  for (const email of emails) await expect(options.filter({ hasText: email })).toHaveCount(1);

  // The addresses' domain is not a name: nobody is found by it.
  await picker.fill('twins.example');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(options).toHaveCount(0);
});
