import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TUser } from '@portal/shared/users';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { usePageFor } from '../../../components/table-paging.ts';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useInactiveUsers } from '../api/get-inactive-users.ts';
import { ActivateUserModal, DeletePermanentlyModal } from '../components/account-action-modals.tsx';
import { UserSearchInput } from '../components/user-search-input.tsx';
import { fullName, membershipOf } from '../components/user-text.ts';
import { UsersTable } from '../components/users-table.tsx';

type OpenModal = { kind: 'activate' | 'delete'; user: TUser };

/** /inactive-users (admin): accounts deleted from the Users List, to activate or delete for good. */
export function InactiveUsersPage() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  // The page belongs to the search it was chosen under: a new search starts again at page 1.
  const [page, setPage] = usePageFor(debouncedSearch);
  const users = useInactiveUsers(debouncedSearch, page);
  const [modal, setModal] = useState<OpenModal | null>(null);
  const close = () => setModal(null);
  const me = useSignedInUser();

  const columns: DataTableColumn<TUser>[] = [
    { key: 'id', header: 'ID', render: (user) => user.id },
    { key: 'name', header: 'Name', render: (user) => fullName(user) },
    { key: 'email', header: 'Email', render: (user) => user.email },
    { key: 'company', header: 'Company', render: (user) => user.company },
    { key: 'membership', header: 'Membership', render: membershipOf },
    { key: 'joined', header: 'Date Joined', render: (user) => formatDate(user.date_joined) },
    { key: 'login', header: 'Last Login', render: (user) => formatDateTime(user.last_login) },
    {
      key: 'actions',
      header: 'Actions',
      render: (user) =>
        // A super admin account is written only by a super admin.
        user.is_superuser && !me.is_superuser ? (
          <Text size="sm" c="dimmed">
            Super admin
          </Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              aria-label={`Activate ${user.email}`}
              onClick={() => setModal({ kind: 'activate', user })}
            >
              Activate
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Delete permanently ${user.email}`}
              onClick={() => setModal({ kind: 'delete', user })}
            >
              Delete permanently
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack>
      <Title order={1}>Inactive Users</Title>
      <Paper withBorder p="md">
        <Stack>
          <UserSearchInput value={search} onChange={setSearch} />
          <UsersTable columns={columns} users={users} paging={{ page, setPage }} />
        </Stack>
      </Paper>
      {modal?.kind === 'activate' && <ActivateUserModal user={modal.user} onClose={close} />}
      {modal?.kind === 'delete' && <DeletePermanentlyModal user={modal.user} onClose={close} />}
    </Stack>
  );
}
