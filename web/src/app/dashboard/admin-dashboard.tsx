import { Stack } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { NewSignUpsCard } from '../../features/sign-up/components/new-sign-ups-card.tsx';
import { UsersList } from '../../features/users/components/users-list.tsx';

/** The admin dashboard: the accounts that signed up lately, then the user list (part 1 §2). */
export function AdminDashboard({ user }: { user: TSessionUser }) {
  return (
    <Stack gap="lg">
      <NewSignUpsCard />
      <UsersList user={user} />
    </Stack>
  );
}
