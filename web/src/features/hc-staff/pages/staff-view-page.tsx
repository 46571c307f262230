import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import type { TStaffMember } from '@portal/shared/hc-staff';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CopyableLink } from '../../../components/copyable-link.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { failureOf } from '../../../components/load-error.tsx';
import { ResendInvitationButton } from '../../../components/resend-invitation-button.tsx';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useStaffList } from '../api/get-staff-list.ts';
import { HC_STAFF_KEYS, removeStaffMember } from '../api/staff-manager-api.ts';
import { staffName } from '../staff-name.ts';

const COLUMNS: DataTableColumn<TStaffMember>[] = [
  { key: 'name', header: 'Name', render: staffName },
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
];

/**
 * /staff-view: the signed-in harvest center's staff sign-up link and its staff; Remove ends a
 * member's work for it.
 */
export function StaffViewPage() {
  const user = useSignedInUser();
  const staff = useStaffList(user.id);
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TStaffMember | null>(null);
  const remove = useMutation({
    mutationFn: (member: TStaffMember) => removeStaffMember({ user_id: member.id, hc_id: user.id }),
    onSuccess: async () => {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: HC_STAFF_KEYS.all });
    },
  });
  const columns: DataTableColumn<TStaffMember>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (member) => (
        <Group gap="xs" wrap="nowrap">
          <ResendInvitationButton userId={member.id} label={member.email} />
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${staffName(member)}`}
            onClick={() => {
              remove.reset();
              setRemoving(member);
            }}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>Staff</Title>
      {/* Part 2 §2: staff join this HC through its own sign-up link. */}
      <CopyableLink
        label="Staff Sign-up Link"
        url={`${window.location.origin}/hc-staff-registration?hcid=${user.id}`}
      />
      <DataTable
        columns={columns}
        rows={staff.data?.staff_list ?? []}
        rowKey={(member) => member.id}
        pageSize={PAGE_SIZE.default}
        loading={staff.isPending}
        failure={failureOf(staff)}
        loadingText="Loading staff..."
      />
      {removing && (
        <ConfirmDialog
          title="Remove staff member"
          question={`Remove ${staffName(removing)} from your staff? The account stays, with any other harvest centers it works for.`}
          confirmLabel="Remove"
          loading={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </Stack>
  );
}
