import { Stack } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { PlacedAfter } from '../../components/placed-after.tsx';
import { NewSignUpsCard, useNewSignUps } from '../../features/sign-up/components/new-sign-ups-card.tsx';
import { UsersList } from '../../features/users/components/users-list.tsx';

/** The admin dashboard: the accounts that signed up lately, then the user list (part 1 §2). */
export function AdminDashboard({ user }: { user: TSessionUser }) {
  const signUps = useNewSignUps();
  return (
    <Stack gap="lg">
      <NewSignUpsCard />
      <PlacedAfter loading={signUps.isPending}>
        <UsersList user={user} />
      </PlacedAfter>
    </Stack>
  );
}
