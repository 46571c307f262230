import type { Locator, Page } from '@playwright/test';
import { createUser } from '../accounts/accounts-helpers.ts';
import {
  apiAs,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type DemoRole,
  expect,
  loginAs,
  test,
  unique,
} from '../support/fixtures.ts';
import { axeProblems, resize, type ScreenFinding, settle, VIEWPORTS, type Viewport } from './a11y-checks.ts';

/**
 * The states a screen reaches after an action: a notification shown, a menu, a date picker, a
 * select's options or a dialog open, a file chosen. Axe (every WCAG 2.x A/AA rule, see
 * a11y-checks.ts) checks each one at 1280 px and at 390 px; screens at rest are screens.spec.ts's.
 * A dialog must also focus its first field and give focus back to its opener on Escape.
 *
 * A new dialog, menu or picker is one line in STATES.
 */

/** Who takes the action: a demo role (its shared session), a visitor, or a new patient. */
type Visitor = DemoRole | 'guest' | 'new patient';

interface ActionState {
  as: Visitor;
  /** The screen loaded before the action. */
  screen: string;
  name: string;
  /** Takes the action on the loaded screen; resolves to what it shows (kept shown while axe runs). */
  enter: (page: Page) => Promise<Locator>;
  /** A dialog's opener: the dialog focuses its first field and Escape gives focus back here. */
  opener?: (page: Page) => Locator;
  /** Keeps what the action showed from going away by itself while axe runs (a notification). */
  hold?: (shown: Locator) => Promise<void>;
  /** The widths where the state exists (both unless said). */
  widths?: readonly Viewport[];
}

const BOTH_WIDTHS = [VIEWPORTS.desktop, VIEWPORTS.phone] as const;
const STATES_PER_TEST = 4;

const button = (name: string | RegExp) => (page: Page) => page.getByRole('button', { name }).first();

/** A dialog that a button opens (or a menu's item: the opener is the menu's button then). */
function dialogOpenedBy(opener: (page: Page) => Locator, ...then: ((page: Page) => Locator)[]) {
  return {
    opener,
    enter: async (page: Page) => {
      await opener(page).click();
      for (const step of then) await step(page).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      return dialog;
    },
  };
}

/** A menu (role menu) opened by its button. */
function menuOpenedBy(target: (page: Page) => Locator) {
  return async (page: Page) => {
    await target(page).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    return menu;
  };
}

/** A date picker's calendar, opened from its field (a button named by its label); the label names it too. */
function datePickerOf(label: string) {
  return async (page: Page) => {
    await page.getByRole('button', { name: label }).click();
    const calendar = page.getByRole('dialog', { name: label });
    await expect(calendar).toBeVisible();
    return calendar;
  };
}

/** A select's options, opened from its field. */
function optionsOf(label: string) {
  return async (page: Page) => {
    await page.getByRole('combobox', { name: label }).click();
    const options = page.getByRole('listbox');
    await expect(options).toBeVisible();
    return options;
  };
}

/**
 * A notification, held open while axe runs: it stays while the mouse is over it (the success one
 * closes by itself after 2 s).
 */
function notificationAfter(action: (page: Page) => Promise<void>) {
  const hold = (notification: Locator) => notification.hover();
  return {
    hold,
    enter: async (page: Page) => {
      await action(page);
      const notification = page.locator('.mantine-Notification-root').first();
      await expect(notification).toBeVisible();
      await hold(notification);
      return notification;
    },
  };
}

// A one-page PDF, enough for a file field to hold it.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const STATES: ActionState[] = [
  // Notifications: after signing in, after a save, after a failure.
  {
    as: 'guest',
    screen: '/',
    name: 'the notification after login',
    ...notificationAfter(async (page) => {
      // Signed out (again, for the second width), on a login form drawn whole before it is filled.
      await page.evaluate(() => localStorage.clear());
      await page.goto('/');
      await settle(page);
      await page.getByLabel('Email').fill(DEMO_ACCOUNTS.hc);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
    }),
  },
  {
    as: 'manager',
    screen: '/profile',
    name: 'the notification after a save',
    ...notificationAfter(async (page) => page.getByRole('button', { name: 'Save' }).click()),
  },
  {
    as: 'manager',
    screen: '/profile',
    name: 'the notification after a failed save',
    ...notificationAfter(async (page) => {
      // A refusal answered here, for the rest of the page's life: the last of the manager's states.
      await page.route('**/api/**', (route) =>
        route.request().method() === 'GET'
          ? route.fallback()
          : route.fulfill({ status: 400, json: { message: 'The record could not be saved.' } }),
      );
      await page.getByRole('button', { name: 'Save' }).click();
    }),
  },

  // Menus.
  {
    as: 'admin',
    screen: '/dashboard',
    name: 'the user menu open',
    enter: menuOpenedBy(button(/user menu$/)),
  },
  {
    as: 'admin',
    screen: '/dashboard',
    name: "a user's actions menu open",
    enter: menuOpenedBy(button(/^Actions for /)),
  },
  {
    as: 'hc',
    screen: '/dashboard',
    name: 'the side menu open on a phone',
    widths: [VIEWPORTS.phone],
    enter: async (page) => {
      await page.getByRole('button', { name: 'Toggle menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await expect(nav).toBeInViewport();
      return nav;
    },
  },

  // Pickers.
  {
    as: 'admin',
    screen: '/all-transaction-report',
    name: 'a date picker open',
    enter: datePickerOf('Date after'),
  },
  {
    as: 'admin',
    screen: '/all-transaction-report',
    name: "a select's options open",
    enter: optionsOf('Product'),
  },
  {
    as: 'guest',
    screen: '/verify-document',
    name: 'a file chosen',
    enter: async (page) => {
      await page.locator('input[type="file"]').setInputFiles({
        name: 'signed.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      const field = page.getByRole('main');
      await expect(field.getByText('signed.pdf')).toBeVisible();
      return field;
    },
  },

  // Dialogs.
  {
    as: 'admin',
    screen: '/dashboard',
    name: 'Add Harvest Center',
    ...dialogOpenedBy(button('Add Harvest Center')),
  },
  {
    as: 'admin',
    screen: '/dashboard',
    name: 'Edit user',
    ...dialogOpenedBy(button(/^Actions for /), (page) => page.getByRole('menuitem', { name: 'Edit user' })),
  },
  { as: 'hc', screen: '/dashboard', name: 'Add Patient', ...dialogOpenedBy(button('Add Patient')) },
  { as: 'hc', screen: '/dashboard', name: 'View patient', ...dialogOpenedBy(button(/^View patient/)) },
  {
    as: 'admin',
    screen: '/coupon-manager',
    name: 'the coupon form',
    ...dialogOpenedBy(button('Add Coupon Code')),
  },
  {
    as: 'admin',
    screen: '/coupon-manager',
    name: "a coupon's removal to confirm",
    ...dialogOpenedBy(button(/^Remove coupon /)),
  },
  {
    as: 'admin',
    screen: '/fedex-requests',
    name: 'the label form',
    ...dialogOpenedBy(button(/^Edit label request /)),
  },
  { as: 'admin', screen: '/assets-manager', name: 'the asset form', ...dialogOpenedBy(button('Add Asset')) },
  {
    as: 'admin',
    screen: '/admin-invitations',
    name: 'a new invitation',
    ...dialogOpenedBy(button('New Invitation')),
  },

  // Forms inside forms, and what a list shows after an action.
  {
    as: 'admin',
    screen: '/patients',
    name: "a patient's vial record form",
    enter: async (page) => {
      await page
        .getByRole('button', { name: /^View patient/ })
        .first()
        .click();
      const patientForm = page.getByRole('dialog', { name: 'Patient Data' });
      await patientForm.getByRole('button', { name: 'Add vials record' }).click();
      const record = page.getByRole('dialog', { name: 'Add vials record' });
      await expect(record.getByRole('radio', { name: 'Shipped' })).toBeVisible();
      return record;
    },
  },
  {
    as: 'hc',
    screen: '/patients-signatures',
    name: 'a paper-signed agreement listed as uploaded',
    enter: async (page) => {
      // An upload of the HC's own (through the API, as its Upload Documents page does), then found.
      const hc = await apiAs(page.request, 'hc');
      const headers = { authorization: `Token ${hc.token}` };
      const staged = await page.request.post('/api/v1/documents/process-file/', {
        headers,
        multipart: {
          filename: 'paper.pdf',
          file: { name: 'paper.pdf', mimeType: 'application/pdf', buffer: PDF },
        },
      });
      expect(staged.ok(), await staged.text()).toBe(true);
      const email = `${unique('paper')}@example.com`;
      await hc.post('/api/v1/documents/upload/', {
        name: 'Paula Paper',
        harvest_center_id: hc.user.id,
        email,
        processing: (await staged.json()).filename,
      });
      await page.getByLabel('Search documents').fill(email);
      // A table row at 1280 px, a card at 390 px.
      const tag = page.getByRole('main').getByText('(uploaded)').first();
      await expect(tag).toBeVisible();
      return tag;
    },
  },
  {
    as: 'hc',
    screen: '/dashboard',
    name: "the patient list's stage options open",
    enter: async (page) => {
      // Closed first: the narrowed page may keep the wide page's dropdown open but out of view.
      const field = page.getByRole('combobox', { name: 'Stage' });
      await field.press('Escape');
      await field.click();
      const options = page.getByRole('listbox');
      await expect(options).toBeVisible();
      return options;
    },
  },

  // A screen only a new account sees: the agreement, before anything else.
  {
    as: 'new patient',
    screen: '/dashboard',
    name: 'the agreement',
    enter: async (page) => {
      const agreement = page.getByRole('main');
      await expect(agreement.getByRole('heading', { name: 'Private Membership Agreement' })).toBeVisible();
      return agreement;
    },
  },
];

/** Signs the visitor in for the page (a guest stays signed out). */
async function signIn(page: Page, visitor: Visitor): Promise<void> {
  if (visitor === 'guest') return;
  if (visitor === 'new patient') {
    const patient = await createUser(page.request, 'patient');
    await loginAs(page, { email: patient.email, password: patient.password });
    return;
  }
  await loginAs(page, visitor);
}

async function load(page: Page, path: string, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  await page.goto(path);
  await settle(page);
}

/**
 * Brings the state about on a fresh load of its screen and checks it, then narrows the page and
 * checks it again: what stays shown (a notification, a menu) as it is, what went (a dialog, closed to
 * check where focus goes) brought about again on the narrowed page.
 */
async function checkState(page: Page, state: ActionState): Promise<string[]> {
  const problems: string[] = [];
  let shown: Locator | null = null;
  for (const viewport of state.widths ?? BOTH_WIDTHS) {
    const width = viewport === VIEWPORTS.phone ? 'phone' : 'desktop';
    if (shown === null) await load(page, state.screen, viewport);
    else await resize(page, viewport);
    if (shown === null || !(await shown.isVisible())) shown = await state.enter(page);
    else await state.hold?.(shown);
    await settle(page);
    const found = await axeProblems(page, `${width} ${state.as} ${state.screen} ${state.name}`);
    problems.push(...found.map((problem) => `${width}: ${problem}`));
    if (state.opener) problems.push(...(await dialogFocusProblems(page, shown, state.opener(page), width)));
  }
  return problems;
}

/** The dialog focused its first field, and Escape closes it and gives focus back to its opener. */
async function dialogFocusProblems(page: Page, dialog: Locator, opener: Locator, width: string) {
  const problems: string[] = [];
  const firstFieldFocused = await dialog.evaluate((element) => {
    const first = element.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
    return !first || document.activeElement === first;
  });
  if (!firstFieldFocused) problems.push(`${width}: the dialog did not focus its first field`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  if (!(await opener.evaluate((element) => document.activeElement === element))) {
    problems.push(`${width}: closing the dialog did not give focus back to its opener`);
  }
  return problems;
}

function report(findings: ScreenFinding[]): string {
  return findings.map(({ screen, problems }) => `${screen}\n  ${problems.join('\n  ')}`).join('\n');
}

test.describe('accessibility after actions', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the check finds what it is for: a planted menu that only a click shows', async ({ page }) => {
    const plantedMenu: ActionState = {
      as: 'guest',
      screen: '/',
      name: 'a planted menu',
      enter: async (planted) => {
        // A button that opens a menu whose link is not a menu item, beside a close button without a name.
        await planted.evaluate(() => {
          const main = document.querySelector('main');
          main?.insertAdjacentHTML('beforeend', '<button type="button" id="planted-opener">More</button>');
          document.getElementById('planted-opener')?.addEventListener('click', () => {
            main?.insertAdjacentHTML(
              'beforeend',
              '<div role="menu" id="planted-menu"><a href="/contact">Messages</a><button type="button"></button></div>',
            );
          });
        });
        // At rest the screen is clean: only the state after the click has the problems.
        expect(await axeProblems(planted, 'planted at rest')).toEqual([]);
        await planted.locator('#planted-opener').click();
        return planted.locator('#planted-menu');
      },
    };
    expect(await checkState(page, plantedMenu)).toEqual(
      ['desktop', 'phone'].flatMap((width) => [
        expect.stringMatching(new RegExp(`^${width}: axe critical aria-required-children`)),
        expect.stringMatching(new RegExp(`^${width}: axe critical button-name`)),
        // Off in axe's default run: the pass that ran the default rules never saw it.
        expect.stringMatching(new RegExp(`^${width}: axe serious target-size`)),
      ]),
    );
  });

  // A visitor's states in tests of a few each, side by side (the admin's alone would be the last
  // test still running).
  const visitors = [...new Set(STATES.map((state) => state.as))];
  for (const visitor of visitors) {
    const states = STATES.filter((candidate) => candidate.as === visitor);
    const shards = Math.ceil(states.length / STATES_PER_TEST);
    for (let shard = 0; shard < shards; shard++) {
      const title =
        shards > 1
          ? `states after ${visitor}'s actions (${shard + 1} of ${shards})`
          : `states after ${visitor}'s actions`;
      test(title, async ({ page }) => {
        test.setTimeout(120_000);
        await signIn(page, visitor);
        const findings: ScreenFinding[] = [];
        for (const state of states.slice(shard * STATES_PER_TEST, (shard + 1) * STATES_PER_TEST)) {
          const problems = await checkState(page, state);
          if (problems.length)
            findings.push({ screen: `${visitor} ${state.screen}: ${state.name}`, problems });
        }
        expect(findings, report(findings)).toEqual([]);
      });
    }
  }
});
