import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TNewSignUp } from '@portal/shared/sign-up';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { errorMessage, pageParams } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deactivateAccount, listNewSignUps, SIGN_UP_KEYS } from '../api/sign-up-api.ts';

const PAGE = 5;

/**
 * The admin dashboard's "New sign-ups": who signed up through a public form, as what, through
 * which rep or center, and whether the e-mail is confirmed; Deactivate stops one in one click.
 */
export function NewSignUpsCard() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const signUps = useQuery({
    queryKey: [...SIGN_UP_KEYS.newSignUps, page],
    queryFn: () => listNewSignUps(pageParams(page, PAGE)),
    placeholderData: keepPreviousData,
  });
  const deactivate = useMutation({
    mutationFn: (row: TNewSignUp) => deactivateAccount(row.id),
    onSuccess: (result) => {
      notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: SIGN_UP_KEYS.newSignUps });
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const columns: DataTableColumn<TNewSignUp>[] = [
    {
      key: 'who',
      header: 'Who',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'role', header: 'Role', render: (r) => r.role },
    { key: 'linked', header: 'Came through', render: (r) => r.linked_to ?? '—' },
    { key: 'joined', header: 'Signed up', render: (r) => formatDate(r.date_joined) },
    {
      key: 'state',
      header: 'Status',
      render: (r) => (
        <Group gap={4}>
          <Badge variant="light" color={r.email_confirmed ? 'green' : 'yellow'}>
            {r.email_confirmed ? 'E-mail confirmed' : 'Not confirmed'}
          </Badge>
          {!r.is_active && (
            <Badge variant="light" color="gray">
              Inactive
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) =>
        r.is_active ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Deactivate ${r.name}`}
            loading={deactivate.isPending && deactivate.variables?.id === r.id}
            onClick={() => deactivate.mutate(r)}
          >
            Deactivate
          </Button>
        ) : null,
    },
  ];
  if (signUps.data?.count === 0) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2}>New sign-ups</Title>
        <PagedDataTable
          columns={columns}
          query={signUps}
          paging={{ page, setPage }}
          rowKey={(r) => r.id}
          pageSize={PAGE}
          loadingText="Loading sign-ups..."
        />
      </Stack>
    </Card>
  );
}
