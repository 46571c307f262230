import { Badge, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  ADMIN_INVITATION_TTL_DAYS,
  type TAdminInvitation,
  type TAdminInvitationStatus,
} from '@portal/shared/sign-up';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CopyableLink } from '../../../components/copyable-link.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { FormAlert } from '../../../components/form.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { pageParams } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  createAdminInvitation,
  listAdminInvitations,
  revokeAdminInvitation,
  SIGN_UP_KEYS,
} from '../api/sign-up-api.ts';

const STATUS_COLOR: Record<TAdminInvitationStatus, string> = {
  Active: 'green',
  Used: 'blue',
  Expired: 'gray',
  Revoked: 'red',
};

const COLUMNS: DataTableColumn<TAdminInvitation>[] = [
  { key: 'note', header: 'For', render: (i) => i.note || '—' },
  {
    key: 'status',
    header: 'Status',
    render: (i) => (
      <Badge variant="light" color={STATUS_COLOR[i.status]}>
        {i.status}
      </Badge>
    ),
  },
  {
    key: 'created',
    header: 'Created',
    render: (i) => `${formatDate(i.created_at)} by ${i.created_by || '—'}`,
  },
  { key: 'expires', header: 'Expires', render: (i) => formatDate(i.expires_at) },
  {
    key: 'used',
    header: 'Used by',
    render: (i) => (i.used_by ? `${i.used_by}, ${formatDate(i.used_at)}` : '—'),
  },
];

/**
 * /admin-invitations: the only way to the admin sign-up form. An invitation is a single-use link,
 * valid for 7 days; its link is shown once, when it is made (the server keeps only its hash).
 */
export function AdminInvitationsPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const invitations = useQuery({
    queryKey: [...SIGN_UP_KEYS.invitations, page],
    queryFn: () => listAdminInvitations(pageParams(page, PAGE_SIZE.default)),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SIGN_UP_KEYS.invitations });
  const [creating, setCreating] = useState(false);
  const [note, setNote] = useState('');
  const create = useMutation({
    mutationFn: () => createAdminInvitation(note),
    onSuccess: () => void refresh(),
  });
  const [revoking, setRevoking] = useState<TAdminInvitation | null>(null);
  const revoke = useMutation({
    mutationFn: (invitation: TAdminInvitation) => revokeAdminInvitation(invitation.id),
    onSuccess: (result) => {
      notifySuccess(result.message);
      setRevoking(null);
      void refresh();
    },
  });
  const closeCreate = () => {
    setCreating(false);
    setNote('');
    create.reset();
  };
  const columns: DataTableColumn<TAdminInvitation>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (invitation) =>
        invitation.status === 'Active' ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Revoke the invitation ${invitation.note || invitation.id}`}
            onClick={() => {
              revoke.reset();
              setRevoking(invitation);
            }}
          >
            Revoke
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Admin Invitations</Title>
        <Button onClick={() => setCreating(true)}>New Invitation</Button>
      </Group>
      <Text c="dimmed" size="sm">
        An admin signs up only through an invitation link: it works once and expires after{' '}
        {ADMIN_INVITATION_TTL_DAYS} days.
      </Text>
      <PagedDataTable
        columns={columns}
        query={invitations}
        paging={{ page, setPage }}
        rowKey={(i) => i.id}
        pageSize={PAGE_SIZE.default}
        loadingText="Loading invitations..."
        emptyHint="Make one with New Invitation."
      />
      <Modal opened={creating} onClose={closeCreate} title="New Invitation" centered>
        {create.isSuccess ? (
          <Stack>
            <CopyableLink label="Invitation link" url={create.data.link} />
            <Text size="sm">Copy the link now and send it to the new admin: it is not shown again.</Text>
            <Group justify="flex-end">
              <Button onClick={closeCreate}>Done</Button>
            </Group>
          </Stack>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate();
            }}
          >
            <Stack>
              <TextInput
                label="For"
                description="Whom the invitation is for (only admins see this)."
                value={note}
                maxLength={200}
                onChange={(event) => setNote(event.currentTarget.value)}
                data-autofocus
              />
              <FormAlert error={create.error} />
              <Group justify="flex-end">
                <Button variant="default" onClick={closeCreate}>
                  Cancel
                </Button>
                <Button type="submit" loading={create.isPending}>
                  Create link
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      {revoking && (
        <ConfirmDialog
          title="Revoke invitation"
          question={`Revoke the invitation${revoking.note ? ` for ${revoking.note}` : ''}? Its link stops working.`}
          confirmLabel="Revoke"
          loading={revoke.isPending}
          error={revoke.error}
          onConfirm={() => revoke.mutate(revoking)}
          onClose={() => setRevoking(null)}
        />
      )}
    </Stack>
  );
}
