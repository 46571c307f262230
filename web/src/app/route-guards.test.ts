import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuFor } from './menu.ts';
import { type AppRoute, ROUTES, routeAdmits } from './routes.ts';
import { DEMO_USERS, type DemoUser } from './test-users.ts';

const EVERY_ROLE = Object.keys(DEMO_USERS) as DemoUser[];

/**
 * The screens a role opens from a link or a button somewhere else (a dashboard card, the user menu, a
 * list's drill-down), though its side menu does not offer them. Anything else a role's guard lets in
 * must be in its menu: a typed address the menu does not offer is refused like the other guarded
 * routes (/unauthorized), never answered with a page that cannot load (issue 33).
 */
const REACHED_OUTSIDE_THE_MENU: Record<string, readonly DemoUser[]> = {
  // The user menu (Contact Us), and where a refused call or route leads.
  '/contact': EVERY_ROLE,
  '/unauthorized': EVERY_ROLE,
  // The patients cards of these dashboards.
  '/patients': ['lab', 'hc', 'rhc', 'staff'],
  // A harvest center adds patients from its list's dialog; the page holds the same form.
  '/add-patient': ['hc'],
  // Part 1 §6's guard lets harvest centers into the lab view (decision 004); its centers open their patients.
  '/lab/:id?': ['hc'],
  '/lab/:lab_id/harvest-center/:harvestcenter_id': ['admin', 'whiteLabelAdmin', 'lab', 'hc'],
  // From a patient's form and stage card.
  '/patients/:id/timeline': ['admin', 'whiteLabelAdmin', 'lab', 'patient', 'hc', 'staff'],
  // The harvest center's Patient Signatures page.
  '/request-patients-signatures': ['hc'],
  '/upload-patient-documents': ['hc'],
  // The purchase buttons of the centers' and the patient's dashboards.
  '/harvest-center/checkout/processing-fee': ['hc', 'rhc'],
  '/harvest-center/checkout/harvest-fee': ['hc', 'rhc'],
  '/harvest-center/checkout/product/:id?': ['hc', 'rhc'],
  '/checkout/patient-vials': ['patient'],
};

const SIGNED_IN_ROUTES = ROUTES.filter((route) => !route.public);

const MENU_PATHS = new Map(
  EVERY_ROLE.map((role) => [
    role,
    menuFor(DEMO_USERS[role]).flatMap((item) =>
      ('links' in item ? item.links : [item]).map((link) => link.path),
    ),
  ]),
);

function menuOffers(role: DemoUser, route: AppRoute): boolean {
  return MENU_PATHS.get(role)!.some((path) => matchPath(route.path, path) !== null);
}

describe('route guards', () => {
  it('let a role into a screen only when its menu offers it or one of its screens links to it', () => {
    const unoffered: string[] = [];
    for (const role of EVERY_ROLE) {
      for (const route of SIGNED_IN_ROUTES) {
        if (!routeAdmits(route, DEMO_USERS[role])) continue;
        const reached = REACHED_OUTSIDE_THE_MENU[route.path]?.includes(role) ?? false;
        if (!menuOffers(role, route) && !reached) unoffered.push(`${role} ${route.path}`);
      }
    }
    expect(unoffered).toEqual([]);
  });

  it('refuse the two addresses of the issue: team patients to a distributor, staff to HC staff', () => {
    const route = (path: string) => ROUTES.find((candidate) => candidate.path === path)!;
    expect(routeAdmits(route('/all-patients-team'), DEMO_USERS.distributor)).toBe(false);
    expect(routeAdmits(route('/all-patients-team'), DEMO_USERS.manager)).toBe(true);
    expect(routeAdmits(route('/staff-view'), DEMO_USERS.staff)).toBe(false);
    expect(routeAdmits(route('/staff-view'), DEMO_USERS.hc)).toBe(true);
  });

  it('let every role into what its menu offers', () => {
    for (const role of EVERY_ROLE) {
      for (const route of SIGNED_IN_ROUTES.filter((candidate) => menuOffers(role, candidate))) {
        expect(routeAdmits(route, DEMO_USERS[role]), `${role} ${route.path}`).toBe(true);
      }
    }
  });

  it('let every role into the screens its other screens link to', () => {
    for (const [path, roles] of Object.entries(REACHED_OUTSIDE_THE_MENU)) {
      const route = SIGNED_IN_ROUTES.find((candidate) => candidate.path === path);
      expect(route, path).toBeDefined();
      for (const role of roles) expect(routeAdmits(route!, DEMO_USERS[role]), `${role} ${path}`).toBe(true);
    }
  });

  it("keep the whole portal's settings from a white-label domain's admin", () => {
    const portalOnly = SIGNED_IN_ROUTES.filter((route) => route.portal).map((route) => route.path);
    expect(portalOnly).toEqual(
      expect.arrayContaining(['/coupon-manager', '/mail-outbox', '/audit-log', '/white-label-registration']),
    );
    for (const path of portalOnly) {
      const route = SIGNED_IN_ROUTES.find((candidate) => candidate.path === path)!;
      expect(routeAdmits(route, DEMO_USERS.whiteLabelAdmin), path).toBe(false);
      expect(routeAdmits(route, DEMO_USERS.admin), path).toBe(true);
    }
  });
});
