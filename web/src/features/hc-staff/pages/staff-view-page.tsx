import { Badge, Stack, Title } from '@mantine/core';
import type { TStaffMember } from '@portal/shared/hc-staff';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { failureOf } from '../../../components/load-error.tsx';
import { ResendInvitationButton } from '../../../components/resend-invitation-button.tsx';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useStaffList } from '../api/get-staff-list.ts';

const COLUMNS: DataTableColumn<TStaffMember>[] = [
  { key: 'name', header: 'Name', render: (staff) => `${staff.first_name} ${staff.last_name}`.trim() || '—' },
  { key: 'email', header: 'Email', render: (staff) => staff.email },
  { key: 'phone', header: 'Phone', render: (staff) => staff.phone_number || '—' },
  {
    key: 'centers',
    header: 'Harvest Centers',
    render: (staff) => staff.harvest_centers.map((center) => center.company).join(', ') || '—',
  },
  {
    key: 'active',
    header: 'Status',
    render: (staff) => (
      <Badge variant="light" color={staff.is_active ? 'green' : 'gray'}>
        {staff.is_active ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    render: (staff) => <ResendInvitationButton userId={staff.id} label={staff.email} />,
  },
];

/** /staff-view: the staff of the signed-in harvest center. */
export function StaffViewPage() {
  const user = useSignedInUser();
  const staff = useStaffList(user.id);
  return (
    <Stack gap="md">
      <Title order={1}>Staff</Title>
      <DataTable
        columns={COLUMNS}
        rows={staff.data?.staff_list ?? []}
        rowKey={(member) => member.id}
        pageSize={PAGE_SIZE.default}
        loading={staff.isPending}
        failure={failureOf(staff)}
        loadingText="Loading staff..."
      />
    </Stack>
  );
}
