import { Navigate, Outlet } from 'react-router';
import { useSignedInUser } from '../lib/use-current-user.ts';
import { type AppRoute, routeAdmits } from './routes.ts';

/**
 * The route guard of part 1 §6: only users whose first membership is allowed (and, for the whole
 * portal's settings, admins of the main portal); others see /unauthorized.
 */
export function RequireMembership({ route }: { route: Pick<AppRoute, 'memberships' | 'portal'> }) {
  return routeAdmits(route, useSignedInUser()) ? <Outlet /> : <Navigate to="/unauthorized" replace />;
}
