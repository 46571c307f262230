import { isAdminMembership, MEMBERSHIP } from '@portal/shared/memberships';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { CENTER_LISTS } from '../api/get-centers.ts';
import { CentersList } from '../components/centers-list.tsx';

/**
 * /harvest-centers: all harvest centers for admins, a sales rep's own (5 a page) otherwise; both may
 * add one (a rep's new center is its own).
 */
export function HarvestCentersPage() {
  const user = useSignedInUser();
  const membership = user.membership[0]?.id ?? 0;
  const admin = isAdminMembership(membership);
  return (
    <CentersList
      title="Harvest Centers"
      titleOrder={1}
      path={admin ? CENTER_LISTS.allHarvestCenters() : CENTER_LISTS.repHarvestCenters(user.id)}
      pageSize={admin ? PAGE_SIZE.default : PAGE_SIZE.salesRepHarvestCenters}
      canAdd={admin || membership === MEMBERSHIP.salesRep}
    />
  );
}
