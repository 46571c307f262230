import type { TSessionUser } from '@portal/shared/auth';
import { AssociatedHarvestCenters } from '../../features/hc-staff/components/associated-harvest-centers.tsx';

/** An HC staff member's dashboard: the centers it works for (the summary's first card leads here). */
export function StaffDashboard({ user }: { user: TSessionUser }) {
  return (
    <section id="associated-harvest-centers">
      <AssociatedHarvestCenters user={user} />
    </section>
  );
}
