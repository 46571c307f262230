import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { TSalesPerson } from '@portal/shared/sales-teams';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { useTeam } from '../api/get-team.ts';
import { type TeamMemberKind, useRemoveFromTeam } from '../api/remove-from-team.ts';

interface SalesTeamListProps {
  title: string;
  /** 1 when the list is the page (its title is the page's h1); 2 under a dashboard's heading. */
  titleOrder?: 1 | 2;
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
export function SalesTeamList({
  title,
  titleOrder = 2,
  path,
  removable,
  showManager = false,
}: SalesTeamListProps) {
  const table = useTableSearch();
  const [leaving, setLeaving] = useState<TSalesPerson | null>(null);
  const team = useTeam(path, {
    page: table.page,
    pageSize: PAGE_SIZE.salesTeams,
    search: table.debouncedSearch.trim(),
  });

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
      <Title order={titleOrder}>{title}</Title>
      <TableSearchInput table={table} label="Search team" placeholder="Name, e-mail, company or phone" />
      <PagedDataTable
        columns={columns}
        query={team}
        paging={table}
        rowKey={(person) => person.id}
        pageSize={PAGE_SIZE.salesTeams}
        loadingText="Loading team..."
        emptyHint="Team members appear here once they are added to your team."
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
