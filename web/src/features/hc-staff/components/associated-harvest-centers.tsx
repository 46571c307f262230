import { Alert, Button, List, Stack, Title } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import type { TStaffHarvestCenter } from '@portal/shared/hc-staff';
import { JOIN_STATUS_LABELS } from '@portal/shared/join-requests';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useStaffHarvestCenters } from '../../../components/centers/staff-harvest-centers.ts';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { failureOf } from '../../../components/load-error.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useAccessHarvestCenter } from '../api/access-harvest-center.ts';

/** An HC staff member's dashboard: the centers it works for, and switching into one. */
export function AssociatedHarvestCenters({ user }: { user: TSessionUser }) {
  const centers = useStaffHarvestCenters(user.id);
  const access = useAccessHarvestCenter();

  const columns: DataTableColumn<TStaffHarvestCenter>[] = [
    { key: 'company', header: 'Harvest Center', render: (center) => center.company || '—' },
    {
      key: 'contact',
      header: 'Contact',
      render: (center) => `${center.first_name} ${center.last_name}`.trim() || '—',
    },
    { key: 'email', header: 'Email', render: (center) => center.email },
    { key: 'phone', header: 'Phone', render: (center) => center.phone_number || '—' },
    {
      key: 'location',
      header: 'Location',
      render: (center) => [center.city, center.state_desc].filter(Boolean).join(', ') || '—',
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (center) => (
        <Button
          size="xs"
          loading={access.isPending && access.variables === center.id}
          disabled={access.isPending}
          onClick={() => access.mutate(center.id)}
        >
          Access to this HC
        </Button>
      ),
    },
  ];

  const requests = centers.data?.join_requests ?? [];
  return (
    <Stack gap="md">
      <Title order={2}>Associated Harvest Centers</Title>
      {requests.length > 0 && (
        <Alert color="blue" title="Requests to join">
          <List size="sm">
            {requests.map((request) => (
              <List.Item key={request.id}>
                {`${request.harvest_center.company}: ${JOIN_STATUS_LABELS[request.status]} (asked on ${formatDate(request.created_at)})`}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <DataTable
        columns={columns}
        rows={centers.data?.harvest_centers ?? []}
        rowKey={(center) => center.id}
        pageSize={PAGE_SIZE.default}
        loading={centers.isPending}
        failure={failureOf(centers)}
        emptyHint="A harvest center adds you to its staff once it approves your request; ask the center to associate you."
        loadingText="Loading harvest centers..."
      />
    </Stack>
  );
}
