import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TSessionUser } from '@portal/shared/auth';
import { TEXT } from '@portal/shared/ui-constants';
import type { TUser } from '@portal/shared/users';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { usePageFor } from '../../../components/table-paging.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useExportUsersCsv } from '../api/export-users-csv.ts';
import { useMemberships, useUserTags } from '../api/get-user-choices.ts';
import { type UserListFilters, useUsers } from '../api/get-users.ts';
import { AddHarvestCenterModal } from './add-user-modals.tsx';
import { type UserAction, UserActionModal, UserActionsMenu } from './user-actions-menu.tsx';
import { UserSearchInput } from './user-search-input.tsx';
import { fullName, membershipOf } from './user-text.ts';
import { UsersTable } from './users-table.tsx';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

/**
 * One choice per name: Admin (7) and its twin (10) are both "Admin"; the server's filter on 7 lists
 * both.
 */
function membershipChoices(memberships: { id: number; name: string }[]) {
  const seen = new Set<string>();
  return memberships
    .filter((m) => !seen.has(m.name) && seen.add(m.name))
    .map((m) => ({ value: String(m.id), label: m.name }));
}

/** A search waits for a pause in typing rather than asking the server on every key. */
const SEARCH_DEBOUNCE_MS = 300;

function userColumns(me: TSessionUser, onPick: (user: TUser, action: UserAction) => void) {
  const columns: DataTableColumn<TUser>[] = [
    { key: 'id', header: 'ID', render: (user) => user.id },
    { key: 'name', header: 'Name', render: (user) => fullName(user) },
    {
      key: 'email',
      header: 'Email',
      // A long address breaks instead of widening the table past the screen (the Actions column
      // then needed a sideways scroll at 1280 px).
      render: (user) => <span style={{ overflowWrap: 'anywhere' }}>{user.email}</span>,
    },
    { key: 'company', header: 'Company', render: (user) => user.company },
    { key: 'phone', header: 'Phone', render: (user) => user.phone_number },
    { key: 'membership', header: 'Membership', render: membershipOf },
    {
      key: 'joined',
      header: 'Date Joined',
      render: (user) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(user.date_joined)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (user) => (
        <Text size="sm" c={user.is_active ? 'green' : 'dimmed'}>
          {user.is_active ? 'Active' : 'Inactive'}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (user) => <UserActionsMenu user={user} me={me} onPick={(action) => onPick(user, action)} />,
    },
  ];
  return columns;
}

type OpenModal = { kind: 'add-harvest-center' } | { kind: UserAction; user: TUser };

/** The admin dashboard (part 1 §2): 'Users List' with its buttons, filters, table and row actions. */
export function UsersList({ user: me }: { user: TSessionUser }) {
  const [search, setSearch] = useState('');
  const [membership, setMembership] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [active, setActive] = useState<UserListFilters['active']>('true');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const filters = useMemo<UserListFilters>(
    () => ({ search: debouncedSearch, membership, tag, active }),
    [debouncedSearch, membership, tag, active],
  );
  // The page belongs to the filters it was chosen under: new filters start again at page 1.
  const [page, setPage] = usePageFor(filters);

  const users = useUsers(filters, page);
  const memberships = useMemberships();
  const tags = useUserTags();
  const exportCsv = useExportUsersCsv();
  const [modal, setModal] = useState<OpenModal | null>(null);
  const close = () => setModal(null);

  const columns = userColumns(me, (user, kind) => setModal({ kind, user }));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Users List</Title>
        <Group gap="sm">
          {/* The one patient form (center, lab, invitation mail) is its own page. */}
          <Button
            component={Link}
            to="/add-patient"
            state={{ from: '/dashboard' }}
            leftSection={<IconPlus size={16} />}
          >
            Add Patient
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setModal({ kind: 'add-harvest-center' })}
          >
            Add Harvest Center
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(filters, { onError: (error) => notifyError(errorMessage(error)) })
            }
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Stack>
          <Group align="flex-end" wrap="wrap">
            <UserSearchInput value={search} onChange={setSearch} />
            <Select
              label="Membership"
              placeholder="All memberships"
              clearable
              data={membershipChoices(memberships.data ?? [])}
              value={membership}
              onChange={setMembership}
              maxDropdownHeight={200}
            />
            <Select
              label="Tag"
              placeholder="All tags"
              clearable
              data={(tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={tag}
              onChange={setTag}
              nothingFoundMessage={TEXT.selectNothingFound}
              maxDropdownHeight={200}
            />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={active}
              onChange={(value) => setActive((value ?? 'true') as UserListFilters['active'])}
              allowDeselect={false}
              w={140}
            />
          </Group>
          <UsersTable columns={columns} users={users} paging={{ page, setPage }} />
        </Stack>
      </Paper>
      {modal?.kind === 'add-harvest-center' && <AddHarvestCenterModal onClose={close} />}
      {modal && 'user' in modal && <UserActionModal action={modal.kind} user={modal.user} onClose={close} />}
    </Stack>
  );
}
