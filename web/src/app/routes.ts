import { ADMIN_MEMBERSHIPS, type MembershipId } from '@portal/shared/memberships';
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
    page: () => import('../features/dashboard/pages/dashboard-page.tsx').then((m) => m.DashboardPage),
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

export const ROUTE_PATHS: ReadonlySet<string> = new Set(ROUTES.map((route) => route.path));

export type RouteHandle = Pick<AppRoute, 'title' | 'resources'>;

/** The title and resources of the page being shown (the deepest route, which is always a page). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  return (matches.at(-1)?.handle as RouteHandle | undefined) ?? {};
}
