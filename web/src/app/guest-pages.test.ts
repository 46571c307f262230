import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guestPageModules } from '../../vite-chunks.ts';
import { ROUTES } from './routes.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The module a route's page loads, read from its loader (`import('/web/src/…')` once transformed). */
function pageModule(page: () => unknown): string {
  const specifier = /["'](\/web\/src\/[^"']+)["']/.exec(page.toString())?.[1];
  if (!specifier) throw new Error(`no page module in ${page.toString()}`);
  return path.join(repoRoot, specifier);
}

describe('the guest pages the build groups apart (vite-chunks.ts reads them from routes.ts)', () => {
  it('are the page modules of exactly the public routes', () => {
    const publicPages = new Set(
      ROUTES.filter((route) => route.public).map((route) => pageModule(route.page)),
    );
    expect(new Set(guestPageModules())).toEqual(publicPages);
  });

  it('include no page of a signed-in route', () => {
    const guests = new Set(guestPageModules());
    const signedIn = ROUTES.filter((route) => !route.public).map((route) => pageModule(route.page));
    expect(signedIn.filter((page) => guests.has(page))).toEqual([]);
  });
});
