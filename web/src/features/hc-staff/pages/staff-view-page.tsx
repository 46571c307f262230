import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TStaffMember } from '@portal/shared/hc-staff';
import { JOIN_LINK_RENEWED_MESSAGE, type TJoinLink } from '@portal/shared/join-requests';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { JoinRequestsTable, useCenterJoinRequests } from '../../../components/centers/join-requests.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CopyableLink } from '../../../components/copyable-link.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { failureOf, QueryLoadError } from '../../../components/load-error.tsx';
import { ResendInvitationButton } from '../../../components/resend-invitation-button.tsx';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSession, useSignedInUser } from '../../../lib/use-current-user.ts';
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

const joinLinkKey = (harvestCenterId: number) => ['join-link', harvestCenterId] as const;

/** The staff sign-up link of this browser's address (a white-label domain's own, say). */
function staffSignUpUrl(link: TJoinLink): string {
  return `${window.location.origin}/hc-staff-registration?hcid=${link.harvest_center_id}&token=${link.token}`;
}

/**
 * The center's staff sign-up link (it carries the center's join token: the id alone leads nowhere)
 * and Renew, which voids the link handed out so far.
 */
function StaffSignUpLink({ harvestCenterId }: { harvestCenterId: number }) {
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: joinLinkKey(harvestCenterId),
    queryFn: () => api.get<TJoinLink>(`/api/v1/harvest-centers/${harvestCenterId}/join-link/`),
  });
  const [renewing, setRenewing] = useState(false);
  const renew = useMutation({
    mutationFn: () => api.post<TJoinLink>(`/api/v1/harvest-centers/${harvestCenterId}/join-link/renew/`, {}),
    onSuccess: (renewed) => {
      queryClient.setQueryData(joinLinkKey(harvestCenterId), renewed);
      setRenewing(false);
      notifySuccess(JOIN_LINK_RENEWED_MESSAGE);
    },
  });
  if (link.isError) return <QueryLoadError query={link} what="the staff sign-up link" />;
  return (
    <Stack gap={4}>
      <Group align="flex-end" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>
          <CopyableLink label="Staff Sign-up Link" url={link.data ? staffSignUpUrl(link.data) : ''} />
        </div>
        {!session?.staff && (
          <Button
            variant="default"
            disabled={!link.data}
            onClick={() => {
              renew.reset();
              setRenewing(true);
            }}
          >
            Renew link
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Whoever signs up through this link asks to join your staff; you approve or decline each request below.
      </Text>
      {renewing && (
        <ConfirmDialog
          title="Renew the staff sign-up link"
          question="Make a new link? The link handed out so far stops working at once; requests already made stay."
          confirmLabel="Renew link"
          loading={renew.isPending}
          error={renew.error}
          onConfirm={() => renew.mutate()}
          onClose={() => setRenewing(false)}
        />
      )}
    </Stack>
  );
}

/**
 * /staff-view: the signed-in harvest center's staff sign-up link, the requests to join it (staff and
 * referral centers) and its staff; Remove ends a member's work for it.
 */
export function StaffViewPage() {
  const user = useSignedInUser();
  const { data: session } = useSession();
  // Staff acting for the center see its staff but cannot remove anyone: that is the center's own call
  // (the server refuses it too), as deciding join requests is.
  const canRemove = !session?.staff;
  const staff = useStaffList(user.id);
  const requests = useCenterJoinRequests(user.id);
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
          {/* Until the first sign-in, as the server allows. */}
          {member.is_active && !member.has_signed_in && (
            <ResendInvitationButton userId={member.id} label={member.email} />
          )}
          {canRemove && (
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
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>Staff</Title>
      {/* Part 2 §2: staff join this HC through its own sign-up link, once the HC approves. */}
      <StaffSignUpLink harvestCenterId={user.id} />
      <JoinRequestsTable query={requests} invalidates={HC_STAFF_KEYS.all} />
      <Title order={2}>Staff members</Title>
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
