import type { TSessionUser } from '@portal/shared/auth';
import { TEAM_LISTS } from '../../features/sales-teams/api/get-team.ts';
import { SalesRepReferralLinks } from '../../features/sales-teams/components/sales-rep-referral-links.tsx';
import { SalesTeamList } from '../../features/sales-teams/components/sales-team-list.tsx';

export function SalesRepDashboard({ user }: { user: TSessionUser }) {
  return <SalesRepReferralLinks repId={user.id} />;
}

/** A sales manager's reps; a manager may remove one from the team. */
export function SalesManagerDashboard({ user }: { user: TSessionUser }) {
  return (
    // The summary's "Sales reps" card leads here.
    <section id="sales-rep-team">
      <SalesTeamList title="Sales Rep Team" path={TEAM_LISTS.managerReps(user.id)} removable="sales-rep" />
    </section>
  );
}

/** A sales distributor's managers; a distributor may remove one from the team. */
export function SalesDistributorDashboard({ user }: { user: TSessionUser }) {
  return (
    // The summary's "Sales managers" card leads here.
    <section id="sales-manager-team">
      <SalesTeamList
        title="Sales Manager Team"
        path={TEAM_LISTS.distributorManagers(user.id)}
        removable="sales-manager"
      />
    </section>
  );
}
