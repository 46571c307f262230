import { isMembershipId } from '@portal/shared/memberships';
import { useSignedInUser } from '../../lib/use-current-user.ts';
import { DASHBOARD_CONTENT } from './dashboard-content.tsx';
import { WelcomeHeading } from './welcome-heading.tsx';

/** The frame of /dashboard: the content is chosen by the user's first membership. */
export function DashboardPage() {
  const user = useSignedInUser();
  const membership = user.membership[0]?.id;
  const Content =
    membership !== undefined && isMembershipId(membership) ? DASHBOARD_CONTENT[membership] : WelcomeHeading;
  return <Content user={user} />;
}
