import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TSalesPerson } from '@portal/shared/sales-teams';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { useTeam } from '../api/get-team.ts';
import { type TeamMemberKind, useRemoveFromTeam } from '../api/remove-from-team.ts';

interface SalesTeamListProps {
  title: string;
  /** One of TEAM_LISTS. */
  path: string;
  /** With it, each row has 'Remove from team'. */
  removable?: TeamMemberKind;
  /** A distributor's reps also show their manager. */
  showManager?: boolean;
}

const personName = (person: { first_name: string; last_name: string; email: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email;

/** A sales team (10 a page, part 1 §9), optionally with removing members. */
export function SalesTeamList({ title, path, removable, showManager = false }: SalesTeamListProps) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [leaving, setLeaving] = useState<TSalesPerson | null>(null);
  const team = useTeam(path, { page, pageSize: PAGE_SIZE.salesTeams, search: debouncedSearch.trim() });

  const columns: DataTableColumn<TSalesPerson>[] = [
    { key: 'id', header: 'ID', render: (person) => person.id },
    { key: 'name', header: 'Name', render: personName },
    { key: 'email', header: 'Email', render: (person) => person.email },
    { key: 'phone', header: 'Phone', render: (person) => person.phone_number || '—' },
    { key: 'company', header: 'Company', render: (person) => person.company || '—' },
  ];
  if (showManager) {
    columns.push({
      key: 'manager',
      header: 'Sales Manager',
      render: (person) => (person.sales_manager_desc ? personName(person.sales_manager_desc) : '—'),
    });
  }
  if (removable) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (person) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          aria-label={`Remove ${personName(person)} from the team`}
          onClick={() => setLeaving(person)}
        >
          Remove
        </Button>
      ),
    });
  }

  return (
    <Stack gap="md">
      <Title order={3}>{title}</Title>
      <TextInput
        label="Search team"
        placeholder="Name, e-mail, company or phone"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <DataTable
        columns={columns}
        rows={team.data?.results ?? []}
        rowKey={(person) => person.id}
        pageSize={PAGE_SIZE.salesTeams}
        loading={team.isPending}
        loadingText="Loading team..."
        server={{ page, total: team.data?.count ?? 0, onPageChange: setPage }}
      />
      {removable && (
        <RemoveMemberModal
          kind={removable}
          listPath={path}
          person={leaving}
          onClose={() => setLeaving(null)}
        />
      )}
    </Stack>
  );
}

interface RemoveMemberModalProps {
  kind: TeamMemberKind;
  listPath: string;
  person: TSalesPerson | null;
  onClose: () => void;
}

function RemoveMemberModal({ kind, listPath, person, onClose }: RemoveMemberModalProps) {
  const remove = useRemoveFromTeam(kind, listPath);
  return (
    <Modal opened={person !== null} onClose={onClose} title="Remove from team">
      <Stack>
        <Text>{person ? `Remove ${personName(person)} from your team?` : ''}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => person && remove.mutate(person.id, { onSettled: onClose })}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
