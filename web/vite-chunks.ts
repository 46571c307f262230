import fs from 'node:fs';
import path from 'node:path';
import type { Rolldown } from 'vite';
import { createImportResolver } from './vite-module-graph.ts';

/*
 * How the build cuts the app into files, for the pages people wait on (issue 35: a dashboard in at
 * most 15 requests; `npm run bench:web`). Left to itself the bundler makes one file per set of
 * pages that share a module: a dashboard fetched 56-82 files of mostly under 1 kB, each a request
 * and each compressed alone. Here every module the first pages need goes into one of a few files:
 *
 * - `index` (vite.config.ts, the `$initial` group): what the entry needs (React, the router, the
 *   query client, the app's frame);
 * - `sign-in`: what the login page needs besides (form fields, the form helpers), so the login page
 *   is `index`, this and its own small chunk;
 * - `common`: what the guest pages (password reset, signing from a mail link, sign-up…) share
 *   with the signed-in screens (dialogs, selects), so a guest page never loads the signed-in shell;
 * - `signed-in`: the signed-in shell and the dashboard's frame (menus, popovers, the summary), and
 *   what most roles' dashboards use (the tables): loaded by every signed-in page;
 * - `dashboard-…`: each role's dashboard content with what only it uses; what two roles' dashboards
 *   share is one file named after both (`dashboard-center+patient`).
 *
 * What other pages use alone stays in the bundler's own split.
 */

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);

const ENTRY = [src('main.tsx')];
const LOGIN_PAGE = src('features/auth/pages/login-page.tsx');
const ROUTES_FILE = src('app/routes.ts');
const SIGNED_IN_SHELL = [src('app/app-layout.tsx'), src('app/dashboard/dashboard-page.tsx')];
/** Each role's dashboard content (app/dashboard/dashboard-content.tsx loads one, by membership). */
export const ROLE_DASHBOARDS: Record<string, string> = {
  admin: src('app/dashboard/admin-dashboard.tsx'),
  lab: src('app/dashboard/lab-dashboard.tsx'),
  patient: src('app/dashboard/patient-dashboard.tsx'),
  center: src('app/dashboard/center-dashboards.tsx'),
  staff: src('app/dashboard/staff-dashboard.tsx'),
  sales: src('app/dashboard/sales-dashboards.tsx'),
};

/** A module this many role dashboards use goes with the shell rather than in a file of its own. */
const SHARED_BY_MOST = 3;

/**
 * The page modules of the guest routes (`public: true` in app/routes.ts), read from its source: each
 * route's `page` is its last key, so a page's import belongs to the nearest `path` before it, and
 * the route is a guest's when `public: true` stands between the two (routes.test.ts checks this
 * reading against ROUTES).
 */
export function guestPageModules(routesSource = fs.readFileSync(ROUTES_FILE, 'utf8')): string[] {
  const pathKeys = [...routesSource.matchAll(/\bpath\s*[,:]/g)].map((match) => match.index);
  const pages = new Set<string>();
  for (const { index, 1: specifier } of routesSource.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const routeStart = pathKeys.filter((at) => at < index).at(-1) ?? 0;
    if (/\bpublic:\s*true\b/.test(routesSource.slice(routeStart, index)))
      pages.add(path.resolve(path.dirname(ROUTES_FILE), specifier));
  }
  return [...pages];
}

/** Every module `roots` import statically, directly or not (what loading them loads). */
function staticClosure(roots: string[], staticImports: (id: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...staticImports(id));
  }
  return seen;
}

interface PageSets {
  signIn: Set<string>;
  guest: Set<string>;
  shell: Set<string>;
  dashboards: [string, Set<string>][];
}

/**
 * The chunk name for a module, or null to leave it to the bundler. Each set is closed under static
 * imports, and a chunk only imports from the ones listed before it above, so no two of these chunks
 * import each other (and the bundler need not follow the imports itself: see the last option).
 */
export function firstPagesChunks(): Rolldown.CodeSplittingGroup {
  let sets: PageSets | undefined;
  return {
    debugName: 'first pages',
    name: (id, ctx) => {
      if (!sets) {
        const staticImports = createImportResolver(ctx);
        const closure = (roots: string[]) => staticClosure(roots, staticImports);
        sets = {
          signIn: closure([...ENTRY, LOGIN_PAGE]),
          guest: closure(guestPageModules().filter((page) => page !== LOGIN_PAGE)),
          shell: closure(SIGNED_IN_SHELL),
          dashboards: Object.entries(ROLE_DASHBOARDS).map(([role, root]) => [role, closure([root])]),
        };
      }
      // The login page keeps its own chunk: the size budget (.size-limit.js) finds it by name.
      if (id === LOGIN_PAGE) return null;
      if (sets.signIn.has(id)) return 'sign-in';
      const roles = sets.dashboards.filter(([, closure]) => closure.has(id)).map(([role]) => role);
      const signedIn = sets.shell.has(id) || roles.length > 0;
      if (sets.guest.has(id)) return signedIn ? 'common' : null;
      // What most dashboards use (the tables, their paging) is part of the shell: one file less each.
      if (sets.shell.has(id) || roles.length >= SHARED_BY_MOST) return 'signed-in';
      return roles.length > 0 ? `dashboard-${roles.sort().join('+')}` : null;
    },
    // Following the bundler's graph would pull every module behind a package's index (all of
    // Mantine, all the icons) into the first chunk that imports from it; the sets above are closed
    // under the imports that are really used (vite-module-graph.ts).
    includeDependenciesRecursively: false,
  };
}
