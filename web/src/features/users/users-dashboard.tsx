import { Center, Loader } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { lazy, Suspense } from 'react';

const UsersList = lazy(() => import('./components/users-list.tsx').then((m) => ({ default: m.UsersList })));

/** The admin dashboard's content, in its own chunk: no other role downloads the user screens. */
export function UsersDashboard({ user }: { user: TSessionUser }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader />
        </Center>
      }
    >
      <UsersList user={user} />
    </Suspense>
  );
}
