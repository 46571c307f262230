import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  JOIN_KIND_LABELS,
  type TJoinKind,
  type TJoinRequest,
  type TJoinRequestPage,
} from '@portal/shared/join-requests';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/use-current-user.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../data-table.tsx';
import { failureOf } from '../load-error.tsx';

/*
 * Requests to join a harvest center (docs/decisions/027): a staff member who signed up through the
 * center's link, or an RHC that named it. The center approves or declines them on /staff-view,
 * admins on the HC Staff Manager and the RHC Manager.
 */

export const JOIN_REQUEST_KEYS = { all: ['join-requests'] as const };

/** The pending requests to join one center. */
export function useCenterJoinRequests(harvestCenterId: number) {
  return useQuery({
    queryKey: [...JOIN_REQUEST_KEYS.all, 'center', harvestCenterId],
    queryFn: () =>
      api.get<TJoinRequestPage>(`/api/v1/harvest-centers/${harvestCenterId}/join-requests/`, {
        params: { status: 'pending' },
      }),
  });
}

/** Every center's pending requests of one kind, within the admin's reach. */
export function useAdminJoinRequests(kind: TJoinKind) {
  return useQuery({
    queryKey: [...JOIN_REQUEST_KEYS.all, 'admin', kind],
    queryFn: () =>
      api.get<TJoinRequestPage>('/api/admin/join-requests/', { params: { kind, status: 'pending' } }),
  });
}

function requesterName(request: TJoinRequest): string {
  const { first_name, last_name, company, email } = request.requester;
  return `${first_name} ${last_name}`.trim() || company || email;
}

/**
 * The pending requests with Approve and Decline. Staff acting for the center see them but cannot
 * decide: letting people in is the center's own call (the server refuses it too).
 */
export function JoinRequestsTable(props: {
  query: UseQueryResult<TJoinRequestPage>;
  /** Admins see requests of many centers: the center gets a column. */
  showCenter?: boolean;
  title?: string;
  /** What the list is, for whoever decides (the center itself by default). */
  description?: string;
  /** Also refreshed after a decision (the staff list, the manager's table). */
  invalidates?: readonly unknown[];
}) {
  const { query } = props;
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState<TJoinRequest | null>(null);
  const decide = useMutation({
    mutationFn: ({ request, decision }: { request: TJoinRequest; decision: 'approve' | 'decline' }) =>
      api.post<{ message: string }>(`/api/v1/join-requests/${request.id}/${decision}/`, {}),
    onSuccess: async (result) => {
      setDeclining(null);
      notifySuccess(result.message);
      await queryClient.invalidateQueries({ queryKey: JOIN_REQUEST_KEYS.all });
      if (props.invalidates) await queryClient.invalidateQueries({ queryKey: props.invalidates });
    },
  });
  const canDecide = !session?.staff;
  const rows = query.data?.results ?? [];
  const columns: DataTableColumn<TJoinRequest>[] = [
    { key: 'name', header: 'Name', render: requesterName },
    { key: 'email', header: 'Email', render: (request) => request.requester.email },
    { key: 'kind', header: 'Joining as', render: (request) => JOIN_KIND_LABELS[request.kind] },
    ...(props.showCenter
      ? [{ key: 'center', header: 'Harvest Center', render: (r: TJoinRequest) => r.harvest_center.company }]
      : []),
    { key: 'date', header: 'Requested', render: (request) => formatDate(request.created_at) },
    {
      key: 'confirmed',
      header: 'E-mail confirmed',
      render: (request) => (
        <Badge variant="light" color={request.requester.email_confirmed ? 'green' : 'gray'}>
          {request.requester.email_confirmed ? 'Yes' : 'Not yet'}
        </Badge>
      ),
    },
  ];
  if (canDecide) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (request) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            aria-label={`Approve ${requesterName(request)}`}
            loading={decide.isPending && decide.variables?.request.id === request.id}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ request, decision: 'approve' })}
          >
            Approve
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Decline ${requesterName(request)}`}
            disabled={decide.isPending}
            onClick={() => {
              decide.reset();
              setDeclining(request);
            }}
          >
            Decline
          </Button>
        </Group>
      ),
    });
  }
  return (
    <Stack gap="xs">
      <Title order={2}>{props.title ?? 'Requests to join'}</Title>
      <Text size="sm" c="dimmed">
        {canDecide
          ? (props.description ??
            'People who signed up through your link. Nothing is shared with them until you approve.')
          : 'Only the harvest center itself can approve or decline these requests.'}
      </Text>
      {!declining && decide.isError && (
        <Text size="sm" c="red" role="alert">
          {decide.error.message}
        </Text>
      )}
      {query.isSuccess && rows.length === 0 ? (
        <Text size="sm">No one is waiting for approval.</Text>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(request) => request.id}
          pageSize={PAGE_SIZE.default}
          loading={query.isPending}
          failure={failureOf(query)}
          loadingText="Loading requests..."
        />
      )}
      {declining && (
        <ConfirmDialog
          title="Decline request"
          question={`Decline ${requesterName(declining)}'s request to join ${declining.harvest_center.company}? They will be told by e-mail.`}
          confirmLabel="Decline"
          loading={decide.isPending}
          error={decide.error}
          onConfirm={() => decide.mutate({ request: declining, decision: 'decline' })}
          onClose={() => setDeclining(null)}
        />
      )}
    </Stack>
  );
}
