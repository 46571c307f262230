import { isAdminMembership } from '@portal/shared/memberships';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { CENTER_LISTS } from '../api/get-centers.ts';
import { CentersList } from '../components/centers-list.tsx';

/** /referral-harvest-centers: all of them for admins, a sales rep's own (5 a page) otherwise. */
export function ReferralHarvestCentersPage() {
  const user = useSignedInUser();
  const admin = isAdminMembership(user.membership[0]?.id ?? 0);
  return (
    <CentersList
      title="Referral Harvest Centers"
      titleOrder={1}
      path={admin ? CENTER_LISTS.allReferralCenters() : CENTER_LISTS.repReferralCenters(user.id)}
      pageSize={admin ? PAGE_SIZE.default : PAGE_SIZE.salesRepHarvestCenters}
      referral
    />
  );
}
