import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** What blocks a screen: axe's critical and serious findings. */
const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

/** Axe's tags for the success criteria of WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_A_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type AxeRule = { id: string; impact?: string; enabled?: boolean; tags: string[] };
const AXE_RULES = (axe as unknown as { _audit: { rules: AxeRule[] } })._audit.rules;

/**
 * The rules run: every rule tagged WCAG 2.x A or AA, as axe's run by those tags picks them (with the
 * rules off in its default run, such as target-size for 2.2's 2.5.8; without its experimental and
 * deprecated ones), and the best-practice rules of axe's default run (a dialog's name among them).
 * Only rules that can block: axe gives each finding its rule's impact (every check result takes
 * `rule.impact` before results are aggregated), so a minor or moderate rule never yields a critical
 * or serious finding, and without them the verdict is the same and comes sooner ('region', one of
 * axe's slowest rules, is moderate). The rule table is axe's own, read from the package.
 */
export const RULES_RUN = AXE_RULES.filter(
  (rule) =>
    BLOCKING_IMPACTS.has(rule.impact ?? '') &&
    !rule.tags.some((tag) => ['experimental', 'deprecated'].includes(tag)) &&
    (rule.tags.some((tag) => WCAG_A_AA_TAGS.includes(tag)) ||
      (rule.tags.includes('best-practice') && rule.enabled !== false)),
).map((rule) => rule.id);
// A changed rule table (impacts or tags no longer on the rules) must fail loudly, not run nothing.
if (RULES_RUN.length < 50 || !RULES_RUN.includes('target-size')) {
  throw new Error(`axe: ${RULES_RUN.length} rules found to run`);
}

/** The minified engine: half the source to parse in each page as `axe.source` (axe.js, 1.5 MB). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];

/**
 * Waits until the screen has drawn its data (no spinner and no 'Loading...' text left) and its
 * transitions have ended: a menu or dialog fading in is not yet what axe should measure.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (document.getElementById('root')?.childElementCount ?? 0) > 0 &&
      document.querySelector('.mantine-Loader-root') === null &&
      // biome-ignore lint/performance/useDomNodeTextContent: only visible text counts (hidden templates say Loading too)
      !/\bLoading\b/.test(document.body.innerText) &&
      document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Lays the page out at another width and waits for the layout that follows (media queries, cards). */
export async function resize(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await settle(page);
}

export interface ScreenFinding {
  screen: string;
  problems: string[];
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Axe run in the page itself, its engine put in once per document (the phone check reuses the
 * desktop's). @axe-core/playwright's AxeBuilder was twice as slow: it evaluates the whole engine
 * twice per scan and finishes each scan in a new tab of its own, for cross-origin frames we lack.
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  // Only violations are read: axe then skips building the details of passes and incomplete checks.
  return page.evaluate(
    (rules) =>
      window.axe!.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] }),
    RULES_RUN,
  );
}

/** Axe's critical and serious violations on the page as it is now, one line per rule. */
export async function axeProblems(page: Page, screen: string): Promise<string[]> {
  const results = await runAxe(page);
  // For measuring: A11Y_SUMMARY=file appends each screen's critical and serious nodes (and their
  // rules) as a JSON line.
  if (process.env.A11Y_SUMMARY) {
    const count = (impact: string) =>
      results.violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
    const rules = results.violations.map((v) => `${v.id}:${v.nodes.length}`);
    const line = { screen, critical: count('critical'), serious: count('serious'), rules };
    appendFileSync(process.env.A11Y_SUMMARY, `${JSON.stringify(line)}\n`);
  }
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `axe ${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}${violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''})`,
    );
}

/**
 * Axe's critical and serious violations at 1280 px and at 390 px, on the page as it is (laid out
 * again, not reloaded: for a state a journey reached), each line led by its width; back at 1280 px.
 */
export async function axeProblemsAtBothWidths(page: Page, label: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await resize(page, viewport);
    const found = await axeProblems(page, `${width} ${label}`);
    problems.push(...found.map((problem) => `${width}: ${problem}`));
  }
  await resize(page, VIEWPORTS.desktop);
  return problems;
}

/** The page's structure: one h1, the landmarks, the skip link first, nothing wider than the screen. */
export async function structureProblems(page: Page, { signedIn }: { signedIn: boolean }): Promise<string[]> {
  const problems: string[] = [];
  const h1s = await page.locator('h1').allInnerTexts();
  if (h1s.length !== 1) problems.push(`expected one h1, found ${h1s.length}: ${JSON.stringify(h1s)}`);
  if ((await page.locator('main').count()) !== 1) problems.push('expected one main landmark');
  if (signedIn) {
    if ((await page.locator('header').count()) < 1) problems.push('no header landmark');
    if ((await page.locator('nav').count()) < 1) problems.push('no nav landmark');
  }
  const overflow = await sidewaysOverflow(page);
  if (overflow) problems.push(`scrolls sideways by ${overflow.by}px (widest: ${overflow.widest.join(', ')})`);
  return problems;
}

/**
 * How far the page scrolls sideways once its layout has settled, and what sticks out. A layout
 * still changing (a table turning into cards after the resize) gets two seconds to settle: only a
 * width that stays is a problem for the reader.
 */
export async function sidewaysOverflow(page: Page): Promise<{ by: number; widest: string[] } | null> {
  const settled = await page
    .waitForFunction(
      () => {
        const scroller = document.scrollingElement ?? document.documentElement;
        return scroller.scrollWidth <= window.innerWidth;
      },
      undefined,
      { timeout: 2_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (settled) return null;
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('')} (right edge ${Math.round(element.getBoundingClientRect().right)}px)`;
    // The innermost elements that reach past the screen's right edge.
    const sticking = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.getBoundingClientRect().right > window.innerWidth + 0.5 &&
        ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5),
    );
    return { by: scroller.scrollWidth - window.innerWidth, widest: sticking.slice(0, 3).map(name) };
  });
}

/** The first Tab from the top of a freshly loaded page lands on "Skip to content". */
export async function skipLinkProblems(page: Page): Promise<string[]> {
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()} "${element.textContent?.trim() ?? ''}"` : 'nothing';
  });
  return focused === 'a "Skip to content"' ? [] : [`first Tab focuses ${focused}, not the skip link`];
}
