import type { MembershipId } from '@portal/shared/memberships';
import { Navigate, Outlet } from 'react-router';
import { useSignedInUser } from '../lib/use-current-user.ts';

/** The route guard of part 1 §6: only users whose first membership is allowed; others see /unauthorized. */
export function RequireMembership({ allowed }: { allowed: readonly MembershipId[] }) {
  const first = useSignedInUser().membership[0]?.id;
  return allowed.some((id) => id === first) ? <Outlet /> : <Navigate to="/unauthorized" replace />;
}
