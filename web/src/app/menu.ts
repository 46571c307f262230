import type { TSessionUser } from '@portal/shared/auth';
import {
  ADMIN_MEMBERSHIPS,
  LAB_MEMBERSHIPS,
  MEMBERSHIP,
  type MembershipId,
  VIAL_CHECKOUT_TAG_ID,
} from '@portal/shared/memberships';
import { matchPath } from 'react-router';
import { ROUTES, routeAdmits } from './routes.ts';

interface MenuEntry {
  path: string;
  label: string;
  /** Entries of one group are nested under it, where its first visible entry would be. */
  group?: string;
  /** Whose first membership sees it; without, everyone. */
  memberships?: readonly MembershipId[];
  /** A user tag also required (part 1 §6: membership 2 with tag 1). */
  tag?: number;
}

const M = MEMBERSHIP;
const ADMINS = ADMIN_MEMBERSHIPS;
const ACCOUNT = 'Account';
const CENTERS = [M.harvestCenter, M.referralHarvestCenter];
const TEAM_REPORTS = 'Team Transaction Reports';
const SYSTEM_DOCUMENTS = 'System Documents';

/** The menu by membership of part 1 §6, as observed (its readings of 3, 6, 8 and 9 are kept as given). */
const MENU: readonly MenuEntry[] = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/resource-center', label: 'Resource Center' },

  // The lab view (/lab/:id?, part 1 §2): a lab account's harvest centers and their patients.
  { path: '/lab', label: 'Lab', memberships: [...LAB_MEMBERSHIPS, ...ADMINS] },

  { path: '/harvest-centers', label: 'Harvest Centers', memberships: [M.salesRep] },
  { path: '/referral-harvest-centers', label: 'Referral Harvest Centers', memberships: [M.salesRep] },
  { path: '/patients', label: 'Patients', memberships: [M.salesRep] },
  { path: '/my-transaction-report', label: 'Transaction Report', memberships: [M.salesRep] },
  {
    path: '/commissions',
    label: 'Commissions',
    memberships: [M.salesRep, M.salesManager, M.salesDistributor, ...ADMINS],
  },

  { path: '/patients-signatures', label: 'Patient Signatures', memberships: [M.harvestCenter] },
  { path: '/hc-transaction-history', label: 'Transaction History', memberships: [M.harvestCenter] },
  { path: '/referral-patients', label: 'Referral Patients', memberships: [M.harvestCenter] },
  { path: '/staff-view', label: 'Staff', memberships: [M.harvestCenter] },
  { path: '/fedex-request-label', label: 'FedEx Label', memberships: [M.harvestCenter, M.hcStaff] },

  { path: '/fedex-request-label-rhc', label: 'FedEx Label', memberships: [M.referralHarvestCenter] },
  { path: '/hc-transaction-history', label: 'Transaction History', memberships: [M.referralHarvestCenter] },

  { path: '/add-sales-rep', label: 'Add Sales Rep', memberships: [M.salesManager] },
  { path: '/team-transaction-report', label: 'Team Transactions', memberships: [M.salesManager] },
  { path: '/all-patients-team', label: 'Team Patients', memberships: [M.salesManager] },

  // Not in the observed menu: the full patient form and the patient search (by lab id too) for admins.
  { path: '/patients', label: 'Patients', memberships: ADMINS },
  { path: '/harvest-centers', label: 'Harvest Centers', memberships: ADMINS },
  { path: '/referral-harvest-centers', label: 'Referral Harvest Centers', memberships: ADMINS },
  { path: '/add-patient', label: 'Add Patient', memberships: ADMINS },
  { path: '/all-transaction-report', label: 'All Transactions', memberships: ADMINS },
  { path: '/documents/patients', label: 'Patient Documents', group: SYSTEM_DOCUMENTS, memberships: ADMINS },
  {
    path: '/documents/harvest-centers',
    label: 'Harvest Center Documents',
    group: SYSTEM_DOCUMENTS,
    memberships: ADMINS,
  },
  { path: '/coupon-manager', label: 'Coupons', memberships: ADMINS },
  { path: '/inactive-users', label: 'Inactive Users', memberships: ADMINS },
  { path: '/mail-outbox', label: 'Mail Outbox', memberships: ADMINS },
  { path: '/fedex-requests', label: 'FedEx Requests', memberships: ADMINS },
  { path: '/assets-manager', label: 'Assets', memberships: ADMINS },
  { path: '/hc-staff-manager', label: 'HC Staff Manager', memberships: ADMINS },
  { path: '/rhc-manager', label: 'RHC Manager', memberships: ADMINS },
  { path: '/admin-invitations', label: 'Admin Invitations', memberships: ADMINS },
  { path: '/white-label-registration', label: 'White Label', memberships: ADMINS },
  { path: '/audit-log', label: 'Audit Log', memberships: ADMINS },
  { path: '/sign-in-policy', label: 'Sign-in Policy', memberships: ADMINS },

  { path: '/all-manager-sr-team', label: 'Team Sales Reps', memberships: [M.salesDistributor] },
  { path: '/all-manager-patients-team', label: 'Team Patients', memberships: [M.salesDistributor] },
  { path: '/add-sales-manager', label: 'Add Sales Manager', memberships: [M.salesDistributor] },
  {
    path: '/team-transaction-report',
    label: 'Sales Rep Teams',
    group: TEAM_REPORTS,
    memberships: [M.salesDistributor],
  },
  {
    path: '/manager-teams-transaction-report',
    label: 'Sales Manager Teams',
    group: TEAM_REPORTS,
    memberships: [M.salesDistributor],
  },

  { path: '/password', label: 'Change Password', group: ACCOUNT },
  { path: '/security', label: 'Sign-in Security', group: ACCOUNT },
  { path: '/profile', label: 'Contact Details', group: ACCOUNT },
  { path: '/my-record-access', label: 'Who saw my record', group: ACCOUNT, memberships: [M.patient] },
  {
    path: '/hc-locations',
    label: 'Locations',
    group: ACCOUNT,
    memberships: [M.patient],
    tag: VIAL_CHECKOUT_TAG_ID,
  },
  {
    path: '/hc-payments',
    label: 'Payment Options',
    group: ACCOUNT,
    memberships: [M.patient],
    tag: VIAL_CHECKOUT_TAG_ID,
  },
  { path: '/hc-profile', label: 'HC Profile', group: ACCOUNT, memberships: [M.harvestCenter] },
  { path: '/hc-locations', label: 'Locations', group: ACCOUNT, memberships: CENTERS },
  { path: '/hc-payments', label: 'Payment Methods', group: ACCOUNT, memberships: CENTERS },
];

export interface MenuLink {
  path: string;
  label: string;
}

export type MenuItem = MenuLink | { group: string; links: MenuLink[] };

/** The screens that exist (a pattern such as /lab/:id? serves the entry /lab); not the catch-all 404. */
const BUILT_ROUTES = ROUTES.filter((route) => route.path !== '*');

/** Built, and its route's guard lets the user in (so no entry leads to /unauthorized), for whom it is meant. */
function isVisible(entry: MenuEntry, user: TSessionUser): boolean {
  const membership = user.membership[0]?.id;
  const route = BUILT_ROUTES.find((candidate) => matchPath(candidate.path, entry.path) !== null);
  return (
    route !== undefined &&
    routeAdmits(route, user) &&
    (!entry.memberships || entry.memberships.some((id) => id === membership)) &&
    (entry.tag === undefined || user.tags.includes(entry.tag))
  );
}

/** The side menu of this user: only built screens, groups in place of their first entry. */
export function menuFor(user: TSessionUser): MenuItem[] {
  const items: MenuItem[] = [];
  const groups = new Map<string, MenuLink[]>();
  for (const entry of MENU.filter((candidate) => isVisible(candidate, user))) {
    const link = { path: entry.path, label: entry.label };
    if (!entry.group) {
      items.push(link);
      continue;
    }
    let links = groups.get(entry.group);
    if (!links) {
      links = [];
      groups.set(entry.group, links);
      items.push({ group: entry.group, links });
    }
    links.push(link);
  }
  return items;
}
