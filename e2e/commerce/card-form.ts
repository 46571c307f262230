import type { Page } from '@playwright/test';
import { CARD_MESSAGES } from '../../shared/src/cards.ts';

/** Fills the checkout's 'New Payment Option' with a card expiring this December, CVC 123. */
export async function payWithNewCard(page: Page, number: string) {
  await page.getByRole('radio', { name: CARD_MESSAGES.newPaymentOption }).check();
  await page.getByLabel('Full name').fill('Pat Payer');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').click();
  await page.getByRole('button', { name: 'Dec', exact: true }).click();
  await page.getByLabel('CVC').fill('123');
}
