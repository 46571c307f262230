import {
  ADMIN_MEMBERSHIPS,
  LAB_VIEW_MEMBERSHIPS,
  MEMBERSHIP,
  type MembershipId,
} from '@portal/shared/memberships';
import type { ComponentType } from 'react';
import { useMatches } from 'react-router';

export interface SuggestedResource {
  label: string;
  href: string;
}

export interface AppRoute {
  path: string;
  /** Page title '{title} — Portal' (part 1 §2). */
  title?: string;
  /** Opens without a session and outside the signed-in layout; every other route needs a stored token. */
  public?: true;
  /** The route guard of part 1 §6: the user's first membership must be one of these. */
  memberships?: readonly MembershipId[];
  /** What the Resource Center button suggests on this page. */
  resources?: SuggestedResource[];
  /** Each page is its own chunk, loaded on first visit. */
  page: () => Promise<ComponentType>;
}

/** Every screen of the app. The side menu shows an entry only once its path is here. */
export const ROUTES: AppRoute[] = [
  {
    path: '/',
    title: 'Admin Login',
    public: true,
    page: () => import('../features/auth/pages/login-page.tsx').then((m) => m.LoginPage),
  },
  {
    path: '/forgot-password',
    title: 'Forgot Password',
    public: true,
    page: () => import('../features/auth/pages/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  },
  {
    path: '/reset-password',
    title: 'Reset Password',
    public: true,
    page: () => import('../features/auth/pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  },
  {
    path: '/dashboard',
    title: 'Dashboard',
    page: () => import('./dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
  },
  {
    path: '/profile',
    title: 'Contact Details',
    page: () => import('../features/profile/pages/profile-page.tsx').then((m) => m.ProfilePage),
  },
  {
    path: '/password',
    title: 'Change Password',
    page: () => import('../features/profile/pages/password-page.tsx').then((m) => m.PasswordPage),
  },
  {
    path: '/contact',
    title: 'Contact Us',
    page: () => import('../features/contact/pages/contact-page.tsx').then((m) => m.ContactPage),
  },
  {
    path: '/inactive-users',
    title: 'Inactive Users',
    memberships: ADMIN_MEMBERSHIPS,
    page: () => import('../features/users/pages/inactive-users-page.tsx').then((m) => m.InactiveUsersPage),
  },
  // Patients, labs, harvest centers and sales teams (part 1 §2).
  {
    path: '/harvest-centers',
    title: 'Harvest Centers',
    page: () =>
      import('../features/harvest-centers/pages/harvest-centers-page.tsx').then((m) => m.HarvestCentersPage),
  },
  {
    path: '/referral-harvest-centers',
    title: 'Referral Harvest Centers',
    page: () =>
      import('../features/harvest-centers/pages/referral-harvest-centers-page.tsx').then(
        (m) => m.ReferralHarvestCentersPage,
      ),
  },
  {
    path: '/add-patient',
    title: 'Add Patient',
    memberships: [...ADMIN_MEMBERSHIPS, MEMBERSHIP.harvestCenter],
    page: () => import('../features/patients/pages/add-patient-page.tsx').then((m) => m.AddPatientPage),
  },
  {
    path: '/patients',
    title: 'Patients',
    page: () => import('../features/patients/pages/patients-page.tsx').then((m) => m.PatientsPage),
  },
  {
    path: '/referral-patients',
    title: 'Referral Patients',
    page: () =>
      import('../features/patients/pages/referral-patients-page.tsx').then((m) => m.ReferralPatientsPage),
  },
  {
    path: '/staff-view',
    title: 'Staff',
    page: () => import('../features/hc-staff/pages/staff-view-page.tsx').then((m) => m.StaffViewPage),
  },
  {
    path: '/lab/:id?',
    title: 'Lab',
    memberships: LAB_VIEW_MEMBERSHIPS,
    page: () => import('../features/labs/pages/lab-page.tsx').then((m) => m.LabPage),
  },
  {
    path: '/lab/:lab_id/harvest-center/:harvestcenter_id',
    title: 'Harvest Center Patients',
    memberships: LAB_VIEW_MEMBERSHIPS,
    page: () =>
      import('../features/patients/pages/lab-center-patients-page.tsx').then((m) => m.LabCenterPatientsPage),
  },
  {
    path: '/all-patients-team',
    title: 'Team Patients',
    page: () =>
      import('../features/patients/pages/team-patients-page.tsx').then((m) => m.ManagerTeamPatientsPage),
  },
  {
    path: '/all-manager-patients-team',
    title: 'Team Patients',
    page: () =>
      import('../features/patients/pages/team-patients-page.tsx').then((m) => m.DistributorTeamPatientsPage),
  },
  {
    path: '/all-manager-sr-team',
    title: 'Team Sales Reps',
    page: () =>
      import('../features/sales-teams/pages/distributor-reps-page.tsx').then((m) => m.DistributorRepsPage),
  },
  {
    path: '/add-sales-rep',
    title: 'Add Sales Rep',
    memberships: [MEMBERSHIP.salesManager],
    page: () => import('../features/sales-teams/pages/add-sales-rep-page.tsx').then((m) => m.AddSalesRepPage),
  },
  {
    path: '/add-sales-manager',
    title: 'Add Sales Manager',
    memberships: [MEMBERSHIP.salesDistributor],
    page: () =>
      import('../features/sales-teams/pages/add-sales-manager-page.tsx').then((m) => m.AddSalesManagerPage),
  },
  {
    path: '/unauthorized',
    title: 'Unauthorized',
    page: () => import('../features/errors/pages/unauthorized-page.tsx').then((m) => m.UnauthorizedPage),
  },
  {
    path: '/mail-outbox',
    title: 'Mail Outbox',
    memberships: ADMIN_MEMBERSHIPS,
    page: () => import('../features/mail-outbox/pages/mail-outbox-page.tsx').then((m) => m.MailOutboxPage),
  },
  {
    path: '*',
    title: 'Page not found',
    public: true,
    page: () => import('../features/errors/pages/not-found-page.tsx').then((m) => m.NotFoundPage),
  },
];

export type RouteHandle = Pick<AppRoute, 'title' | 'resources'>;

/** The title and resources of the page being shown (the deepest route, which is always a page). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteHandle | undefined) ?? {};
}
