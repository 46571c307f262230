import { DOCUMENT_TEXTS } from '../../shared/src/documents.ts';
import { expect, test } from '../support/fixtures.ts';

const COMPLETED_ROUTES = [
  '/signed-completed-message',
  '/patient-signed-completed-message',
  '/patient-signed-completed-message-from-email',
];

/** The signing-finished pages (part 1 §2): the window's text, or the pop-up variant when opened as one. */
test('the completed pages say the pop-up may close when opened as a pop-up, the window otherwise', async ({
  page,
}) => {
  for (const path of COMPLETED_ROUTES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: DOCUMENT_TEXTS.signatureCompleted })).toBeVisible();
    await expect(page.getByText(DOCUMENT_TEXTS.closeWindow)).toBeVisible();
    await expect(page.getByText(DOCUMENT_TEXTS.closePopUp)).toBeHidden();

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => {
        window.open(url, 'signing', 'popup,width=480,height=640');
      }, path),
    ]);
    await expect(popup.getByRole('heading', { name: DOCUMENT_TEXTS.signatureCompleted })).toBeVisible();
    await expect(popup.getByText(DOCUMENT_TEXTS.closePopUp)).toBeVisible();
    await expect(popup.getByText(DOCUMENT_TEXTS.closeWindow)).toBeHidden();
    await popup.close();
  }
});
