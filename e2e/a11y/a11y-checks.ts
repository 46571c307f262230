import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** What blocks a screen: axe's critical and serious findings (WCAG 2.2 AA and best practice). */
const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

/**
 * The rules that cannot block, switched off. Axe gives each finding its rule's impact (every check
 * result takes `rule.impact` before results are aggregated), so a minor or moderate rule never
 * yields a critical or serious finding; without them the verdict is the same and comes sooner
 * ('region', one of axe's slowest rules, is moderate). The rest run as axe's default run runs them
 * (experimental and deprecated rules stay off). The rule table is axe's own, read from the package.
 */
const NON_BLOCKING_RULES = Object.fromEntries(
  (axe as unknown as { _audit: { rules: { id: string; impact?: string }[] } })._audit.rules
    .filter((rule) => !BLOCKING_IMPACTS.has(rule.impact ?? ''))
    .map((rule) => [rule.id, { enabled: false }]),
);
// A changed rule table (impacts no longer on the rules) must fail loudly, not switch everything off.
const ruleCount = Object.keys(NON_BLOCKING_RULES).length;
if (ruleCount === 0 || ruleCount > 40) throw new Error(`axe: ${ruleCount} rules found below serious impact`);

/** The minified engine: half the source to parse in each page as `axe.source` (axe.js, 1.5 MB). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
    (rules) => window.axe!.run(document, { rules, resultTypes: ['violations'] }),
    NON_BLOCKING_RULES,
  );
}

/** Axe's critical and serious violations on the page as it is now, one line per rule. */
export async function axeProblems(page: Page, screen: string): Promise<string[]> {
  const results = await runAxe(page);
  // For measuring: A11Y_SUMMARY=file appends each screen's blocking rule counts as a JSON line.
  if (process.env.A11Y_SUMMARY) {
    const count = (impact: string) => results.violations.filter((v) => v.impact === impact).length;
    const line = { screen, critical: count('critical'), serious: count('serious') };
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
