import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { TEAM_LISTS } from '../api/get-team.ts';
import { SalesTeamList } from '../components/sales-team-list.tsx';

/** /all-manager-sr-team: the sales reps of a distributor's managers. */
export function DistributorRepsPage() {
  const user = useSignedInUser();
  return (
    <SalesTeamList
      title="Team Sales Reps"
      titleOrder={1}
      path={TEAM_LISTS.distributorReps(user.id)}
      showManager
    />
  );
}
