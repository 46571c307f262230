import path from 'node:path';
import type { Rolldown } from 'vite';
import { createImportResolver } from './vite-module-graph.ts';

/*
 * How the build cuts the app into files, for the pages people wait on (issue 35: a dashboard in at
 * most 15 requests; `npm run bench:web`). Left to itself the bundler makes one file per set of
 * pages that share a module: a dashboard fetched 56-82 files of mostly under 1 kB, each a request
 * and each compressed alone. Here every module the first pages need goes into one of a few files:
 *
 * - `index`: what the entry needs (React, the router, the query client, the app's frame) and what
 *   the login page needs, so the login page is this and its own small chunk;
 * - `signed-in`: the signed-in shell and the dashboard's frame (menus, popovers, the summary),
 *   loaded by every signed-in page;
 * - `dashboard-…`: each role's dashboard content with what only it uses; what two roles' dashboards
 *   share is one file named after both (`dashboard-center+patient`).
 *
 * Other pages keep the bundler's own split for what only they use.
 */

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);

const ENTRY = [src('main.tsx')];
const LOGIN_PAGE = [src('features/auth/pages/login-page.tsx')];
const SIGNED_IN_SHELL = [src('app/app-layout.tsx'), src('app/dashboard/dashboard-page.tsx')];
/** Each role's dashboard content (app/dashboard/dashboard-content.tsx loads one, by membership). */
const ROLE_DASHBOARDS: Record<string, string> = {
  admin: src('app/dashboard/admin-dashboard.tsx'),
  lab: src('app/dashboard/lab-dashboard.tsx'),
  patient: src('app/dashboard/patient-dashboard.tsx'),
  center: src('app/dashboard/center-dashboards.tsx'),
  staff: src('app/dashboard/staff-dashboard.tsx'),
  sales: src('app/dashboard/sales-dashboards.tsx'),
};

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

/**
 * The chunk name for a module, or null to leave it to the bundler. Each rule's set is closed under
 * static imports and comes after the ones it may import from, so no two of these chunks import
 * each other.
 */
export function firstPagesChunks(): Rolldown.CodeSplittingGroup {
  let sets: { initial: Set<string>; shell: Set<string>; dashboards: [string, Set<string>][] } | undefined;
  return {
    name: (id, ctx) => {
      if (!sets) {
        const staticImports = createImportResolver(ctx);
        sets = {
          initial: staticClosure([...ENTRY, ...LOGIN_PAGE], staticImports),
          shell: staticClosure(SIGNED_IN_SHELL, staticImports),
          dashboards: Object.entries(ROLE_DASHBOARDS).map(([role, root]) => [
            role,
            staticClosure([root], staticImports),
          ]),
        };
      }
      // The login page keeps its own chunk: the size budget (.size-limit.js) finds it by name.
      if (LOGIN_PAGE.includes(id)) return null;
      if (sets.initial.has(id)) return 'sign-in';
      if (sets.shell.has(id)) return 'signed-in';
      const roles = sets.dashboards.filter(([, closure]) => closure.has(id)).map(([role]) => role);
      return roles.length > 0 ? `dashboard-${roles.sort().join('+')}` : null;
    },
    // The sets above are closed under (real) imports already; following the bundler's graph instead
    // would pull every module behind a package index into the first chunk that imports it.
    includeDependenciesRecursively: false,
  };
}
