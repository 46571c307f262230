import type { TSessionUser } from '@portal/shared/auth';
import {
  ADMIN_MEMBERSHIPS,
  LAB_MEMBERSHIPS,
  LAB_VIEW_MEMBERSHIPS,
  MEMBERSHIP,
  type MembershipId,
  TIMELINE_READER_MEMBERSHIPS,
} from '@portal/shared/memberships';
import type { ComponentType } from 'react';
import { useMatches } from 'react-router';

/** Harvest centers and referral harvest centers: the accounts that pay fees and order products. */
const CENTER_MEMBERSHIPS = [MEMBERSHIP.harvestCenter, MEMBERSHIP.referralHarvestCenter] as const;
/**
 * Who opens /patients: admins and sales reps from the menu, labs, centers and HC staff from their
 * dashboards' patient cards (sales managers and distributors have their team lists).
 */
const PATIENT_LIST_READERS = [
  ...ADMIN_MEMBERSHIPS,
  ...LAB_MEMBERSHIPS,
  MEMBERSHIP.salesRep,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.referralHarvestCenter,
  MEMBERSHIP.hcStaff,
];

export interface AppRoute {
  path: string;
  /** Page title '{title} — Portal' (part 1 §2). */
  title?: string;
  /** Another title for some memberships, as the page's heading says it (a patient's 'Payment Options'). */
  titleFor?: Partial<Record<MembershipId, string>>;
  /** Opens without a session and outside the signed-in layout; every other route needs a stored token. */
  public?: true;
  /** A public page with more to show than a form (a document to read, an audit trail): a wider frame. */
  wide?: true;
  /**
   * The route guard of part 1 §6: the user's first membership must be one of these. Every signed-in
   * screen but the few every account has declares it (route-guards.test.ts walks them per role).
   */
  memberships?: readonly MembershipId[];
  /** The whole portal's settings: admins of the main portal only, not a white-label domain's. */
  portal?: true;
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
  // The steps after a right password (docs/decisions/031): a pending sign-in, not yet a session.
  {
    path: '/sign-in/verify',
    title: 'Confirm it is you',
    public: true,
    page: () =>
      import('../features/second-factors/pages/second-factor-page.tsx').then((m) => m.SecondFactorPage),
  },
  {
    path: '/sign-in/set-up',
    title: 'Set up a second factor',
    public: true,
    page: () => import('../features/second-factors/pages/enrolment-page.tsx').then((m) => m.EnrolmentPage),
  },
  {
    path: '/reset-password',
    title: 'Reset Password',
    public: true,
    page: () => import('../features/auth/pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  },
  // A new account's invitation (server/src/auth/password-links.ts): the same form, in its own words.
  {
    path: '/set-password',
    title: 'Set your password',
    public: true,
    page: () => import('../features/auth/pages/reset-password-page.tsx').then((m) => m.SetPasswordPage),
  },
  // Signing from a mail link, its completed pages and verification (part 1 §2, part 2 §2): no session.
  {
    path: '/sign-your-document',
    title: 'Sign Your Document',
    public: true,
    wide: true,
    page: () =>
      import('../features/documents/pages/sign-your-document-page.tsx').then((m) => m.SignYourDocumentPage),
  },
  // SIGNED_COMPLETED_PATHS of shared/documents.ts, written out: that module brings zod, which the
  // login page's chunk (where this table lives) must not carry.
  ...[
    '/signed-completed-message',
    '/patient-signed-completed-message',
    '/patient-signed-completed-message-from-email',
  ].map(
    (path): AppRoute => ({
      path,
      title: 'Signature Completed',
      public: true,
      page: () =>
        import('../features/documents/pages/signed-completed-page.tsx').then((m) => m.SignedCompletedPage),
    }),
  ),
  {
    path: '/hc-signed-completed-message',
    title: 'Signature Completed',
    public: true,
    page: () =>
      import('../features/documents/pages/hc-signed-completed-page.tsx').then((m) => m.HcSignedCompletedPage),
  },
  // The public sign-up forms (part 2 §2); their paths are SIGN_UP_FORMS of shared/sign-up.ts, written
  // out for the same reason as above (sign-up-routes.test.ts keeps the two the same).
  ...(
    [
      ['/sales-rep-registration', 'New Sales Rep', 'sales-rep'],
      ['/sales-manager-registration', 'New Sales Manager', 'sales-manager'],
      ['/sales-distributor-registration', 'New Sales Distributor', 'sales-distributor'],
      ['/admin-registration-process', 'New Admin', 'admin'],
      ['/harvest-center-registration', 'New Harvest Center', 'harvest-center'],
      ['/referral-harvest-center-registration', 'New Referral Harvest Center', 'referral-harvest-center'],
      ['/hc-staff-registration', 'New HC Staff Account', 'hc-staff'],
    ] as const
  ).map(
    ([path, title, kind]): AppRoute => ({
      path,
      title,
      public: true,
      wide: true,
      page: () => import('../features/sign-up/pages/sign-up-page.tsx').then((m) => m.SIGN_UP_PAGES[kind]),
    }),
  ),
  {
    path: '/confirm-email',
    title: 'Confirm Email',
    public: true,
    page: () => import('../features/sign-up/pages/confirm-email-page.tsx').then((m) => m.ConfirmEmailPage),
  },
  {
    path: '/verify-document',
    title: 'Verify Document',
    public: true,
    wide: true,
    page: () =>
      import('../features/documents/pages/verify-document-page.tsx').then((m) => m.VerifyDocumentPage),
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
  // Passkeys, the authenticator app and recovery codes of every account (docs/decisions/031).
  {
    path: '/security',
    title: 'Sign-in Security',
    page: () =>
      import('../features/second-factors/pages/sign-in-security-page.tsx').then((m) => m.SignInSecurityPage),
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
    memberships: [...ADMIN_MEMBERSHIPS, MEMBERSHIP.salesRep],
    page: () =>
      import('../features/harvest-centers/pages/harvest-centers-page.tsx').then((m) => m.HarvestCentersPage),
  },
  {
    path: '/referral-harvest-centers',
    title: 'Referral Harvest Centers',
    memberships: [...ADMIN_MEMBERSHIPS, MEMBERSHIP.salesRep],
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
    memberships: PATIENT_LIST_READERS,
    page: () => import('../features/patients/pages/patients-page.tsx').then((m) => m.PatientsPage),
  },
  {
    path: '/referral-patients',
    title: 'Referral Patients',
    memberships: [MEMBERSHIP.harvestCenter],
    page: () =>
      import('../features/patients/pages/referral-patients-page.tsx').then((m) => m.ReferralPatientsPage),
  },
  {
    path: '/staff-view',
    title: 'Staff',
    memberships: [MEMBERSHIP.harvestCenter],
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
    memberships: [MEMBERSHIP.salesManager],
    page: () =>
      import('../features/patients/pages/team-patients-page.tsx').then((m) => m.ManagerTeamPatientsPage),
  },
  {
    path: '/all-manager-patients-team',
    title: 'Team Patients',
    memberships: [MEMBERSHIP.salesDistributor],
    page: () =>
      import('../features/patients/pages/team-patients-page.tsx').then((m) => m.DistributorTeamPatientsPage),
  },
  {
    path: '/all-manager-sr-team',
    title: 'Team Sales Reps',
    memberships: [MEMBERSHIP.salesDistributor],
    page: () =>
      import('../features/sales-teams/pages/distributor-reps-page.tsx').then((m) => m.DistributorRepsPage),
  },
  // Documents (part 1 §2): the harvest center's signature requests, the admin's system documents.
  {
    path: '/patients-signatures',
    title: 'Patient Signatures',
    memberships: [MEMBERSHIP.harvestCenter],
    page: () =>
      import('../features/documents/pages/patients-signatures-page.tsx').then(
        (m) => m.PatientsSignaturesPage,
      ),
  },
  // Reports and commissions (part 2 §2; commissions: issue 12).
  {
    path: '/all-transaction-report',
    title: 'Transactions',
    memberships: ADMIN_MEMBERSHIPS,
    page: () =>
      import('../features/transactions/pages/transaction-report-pages.tsx').then(
        (m) => m.AllTransactionReportPage,
      ),
  },
  {
    path: '/my-transaction-report',
    title: 'Your Associated Transactions',
    memberships: [MEMBERSHIP.salesRep],
    page: () =>
      import('../features/transactions/pages/transaction-report-pages.tsx').then(
        (m) => m.MyTransactionReportPage,
      ),
  },
  {
    path: '/team-transaction-report',
    title: 'Team Transactions',
    memberships: [MEMBERSHIP.salesManager, MEMBERSHIP.salesDistributor],
    page: () =>
      import('../features/transactions/pages/transaction-report-pages.tsx').then(
        (m) => m.TeamTransactionReportPage,
      ),
  },
  {
    path: '/manager-teams-transaction-report',
    title: 'Manager Teams Transactions',
    memberships: [MEMBERSHIP.salesDistributor],
    page: () =>
      import('../features/transactions/pages/transaction-report-pages.tsx').then(
        (m) => m.ManagerTeamsTransactionReportPage,
      ),
  },
  {
    path: '/commissions',
    title: 'Commissions',
    memberships: [
      ...ADMIN_MEMBERSHIPS,
      MEMBERSHIP.salesRep,
      MEMBERSHIP.salesManager,
      MEMBERSHIP.salesDistributor,
    ],
    page: () => import('../features/transactions/pages/commissions-page.tsx').then((m) => m.CommissionsPage),
  },
  // Commerce (part 2 §2): checkouts, the center's history, saved cards and locations, coupons.
  {
    path: '/harvest-center/checkout/processing-fee',
    title: 'Harvest Center Checkout',
    memberships: CENTER_MEMBERSHIPS,
    page: () =>
      import('../features/checkout/pages/checkout-pages.tsx').then((m) => m.ProcessingFeeCheckoutPage),
  },
  {
    path: '/harvest-center/checkout/harvest-fee',
    title: 'Harvest Center Checkout',
    memberships: CENTER_MEMBERSHIPS,
    page: () => import('../features/checkout/pages/checkout-pages.tsx').then((m) => m.HarvestFeeCheckoutPage),
  },
  {
    path: '/harvest-center/checkout/product/:id?',
    title: 'Checkout Product',
    memberships: CENTER_MEMBERSHIPS,
    page: () => import('../features/checkout/pages/checkout-pages.tsx').then((m) => m.ProductCheckoutPage),
  },
  {
    path: '/checkout/patient-vials',
    title: 'Order Your Vials',
    memberships: [MEMBERSHIP.patient],
    page: () =>
      import('../features/checkout/pages/checkout-pages.tsx').then((m) => m.PatientVialsCheckoutPage),
  },
  {
    path: '/hc-transaction-history',
    title: 'Transaction History',
    memberships: CENTER_MEMBERSHIPS,
    page: () =>
      import('../features/checkout/pages/transaction-history-page.tsx').then((m) => m.TransactionHistoryPage),
  },
  {
    path: '/hc-payments',
    title: 'Payment Methods',
    titleFor: { [MEMBERSHIP.patient]: 'Payment Options' },
    memberships: [...CENTER_MEMBERSHIPS, MEMBERSHIP.patient],
    page: () =>
      import('../features/billing/pages/payment-methods-page.tsx').then((m) => m.PaymentMethodsPage),
  },
  {
    path: '/hc-locations',
    title: 'Locations',
    memberships: [...CENTER_MEMBERSHIPS, MEMBERSHIP.patient],
    page: () => import('../features/billing/pages/locations-page.tsx').then((m) => m.LocationsPage),
  },
  {
    path: '/coupon-manager',
    title: 'Coupons List',
    memberships: ADMIN_MEMBERSHIPS,
    portal: true,
    page: () => import('../features/coupons/pages/coupon-manager-page.tsx').then((m) => m.CouponManagerPage),
  },
  {
    path: '/hc-staff-manager',
    title: 'HC Staff Manager',
    memberships: ADMIN_MEMBERSHIPS,
    page: () =>
      import('../features/hc-staff/pages/hc-staff-manager-page.tsx').then((m) => m.HcStaffManagerPage),
  },
  {
    path: '/rhc-manager',
    title: 'RHC Manager',
    memberships: ADMIN_MEMBERSHIPS,
    page: () =>
      import('../features/harvest-centers/pages/rhc-manager-page.tsx').then((m) => m.RhcManagerPage),
  },
  {
    path: '/admin-invitations',
    title: 'Admin Invitations',
    memberships: ADMIN_MEMBERSHIPS,
    portal: true,
    page: () =>
      import('../features/sign-up/pages/admin-invitations-page.tsx').then((m) => m.AdminInvitationsPage),
  },
  {
    path: '/patients/:id/timeline',
    title: 'Patient Timeline',
    memberships: TIMELINE_READER_MEMBERSHIPS,
    page: () =>
      import('../features/patients/pages/patient-timeline-page.tsx').then((m) => m.PatientTimelinePage),
  },
  {
    path: '/sign-in-policy',
    title: 'Sign-in Policy',
    memberships: ADMIN_MEMBERSHIPS,
    portal: true,
    page: () =>
      import('../features/second-factors/pages/second-factor-policy-page.tsx').then(
        (m) => m.SecondFactorPolicyPage,
      ),
  },
  {
    path: '/audit-log',
    title: 'Audit Log',
    memberships: ADMIN_MEMBERSHIPS,
    portal: true,
    page: () => import('../features/audit/pages/audit-log-page.tsx').then((m) => m.AuditLogPage),
  },
  {
    path: '/my-record-access',
    title: 'Who saw my record',
    memberships: [MEMBERSHIP.patient],
    page: () => import('../features/audit/pages/access-log-page.tsx').then((m) => m.AccessLogPage),
  },
  {
    path: '/white-label-registration',
    title: 'White Label Registration',
    memberships: ADMIN_MEMBERSHIPS,
    portal: true,
    page: () => import('../features/white-label/pages/white-label-page.tsx').then((m) => m.WhiteLabelPage),
  },
  {
    path: '/hc-profile',
    title: 'HC Profile',
    memberships: [MEMBERSHIP.harvestCenter],
    page: () => import('../features/hc-profile/pages/hc-profile-page.tsx').then((m) => m.HcProfilePage),
  },
  {
    path: '/assets-manager',
    title: 'Asset List',
    memberships: ADMIN_MEMBERSHIPS,
    portal: true,
    page: () => import('../features/assets/pages/assets-manager-page.tsx').then((m) => m.AssetsManagerPage),
  },
  {
    path: '/resource-center',
    title: 'Resource Center',
    page: () => import('../features/assets/pages/resource-center-page.tsx').then((m) => m.ResourceCenterPage),
  },
  {
    path: '/fedex-requests',
    title: 'Fedex Label Request List',
    memberships: ADMIN_MEMBERSHIPS,
    page: () =>
      import('../features/shipping-labels/pages/label-requests-admin-page.tsx').then(
        (m) => m.LabelRequestsAdminPage,
      ),
  },
  // Part 2 §2: the HC (and its staff) and the RHC request labels on the same screen.
  ...[
    { path: '/fedex-request-label', memberships: [MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff] },
    { path: '/fedex-request-label-rhc', memberships: [MEMBERSHIP.referralHarvestCenter] },
  ].map(
    ({ path, memberships }): AppRoute => ({
      path,
      title: 'FedEx Label Request',
      memberships,
      page: () =>
        import('../features/shipping-labels/pages/label-request-page.tsx').then((m) => m.LabelRequestPage),
    }),
  ),
  {
    path: '/request-patients-signatures',
    title: 'Request Patient Signatures',
    memberships: [MEMBERSHIP.harvestCenter],
    page: () =>
      import('../features/documents/pages/request-signatures-page.tsx').then((m) => m.RequestSignaturesPage),
  },
  {
    path: '/upload-patient-documents',
    title: 'Upload Patient Documents',
    memberships: [MEMBERSHIP.harvestCenter],
    page: () =>
      import('../features/documents/pages/upload-documents-page.tsx').then((m) => m.UploadDocumentsPage),
  },
  {
    path: '/documents/patients',
    title: 'Patient Documents',
    memberships: ADMIN_MEMBERSHIPS,
    page: () =>
      import('../features/documents/pages/admin-documents-pages.tsx').then(
        (m) => m.AdminPatientDocumentsPage,
      ),
  },
  {
    path: '/documents/harvest-centers',
    title: 'Harvest Center Documents',
    memberships: ADMIN_MEMBERSHIPS,
    page: () =>
      import('../features/documents/pages/admin-documents-pages.tsx').then(
        (m) => m.AdminHarvestCenterDocumentsPage,
      ),
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
    portal: true,
    page: () => import('../features/mail-outbox/pages/mail-outbox-page.tsx').then((m) => m.MailOutboxPage),
  },
  {
    path: '*',
    title: 'Page not found',
    public: true,
    page: () => import('../features/errors/pages/not-found-page.tsx').then((m) => m.NotFoundPage),
  },
];

/** Whether the route guard lets this user in; the others are sent to /unauthorized. */
export function routeAdmits(
  route: Pick<AppRoute, 'memberships' | 'portal'>,
  user: Pick<TSessionUser, 'membership' | 'domain_id'>,
): boolean {
  const first = user.membership[0]?.id;
  return (
    (!route.memberships || route.memberships.some((id) => id === first)) &&
    (!route.portal || user.domain_id === null)
  );
}

export type RouteHandle = Pick<AppRoute, 'title' | 'titleFor' | 'wide'>;

/** The title and frame of the page being shown (the deepest route, which is always a page). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteHandle | undefined) ?? {};
}
