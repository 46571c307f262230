import { Button, Stack, Title } from '@mantine/core';
import { RHC_ASSOCIATION_UPDATED_MESSAGE, type TRhcAssociation } from '@portal/shared/rhc-associations';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CenterLinksDialog } from '../../../components/center-links-dialog.tsx';
import { JoinRequestsTable, useAdminJoinRequests } from '../../../components/centers/join-requests.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { centersKey } from '../api/get-centers.ts';
import {
  RHC_ASSOCIATION_KEYS,
  updateRhcAssociation,
  useRhcAssociations,
} from '../api/rhc-associations-api.ts';

/**
 * /rhc-manager (admin): each referral harvest center with the harvest centers it is associated
 * with; Edit changes them (an RHC refers patients only to its associated HCs).
 */
export function RhcManagerPage() {
  const requests = useAdminJoinRequests('rhc');
  const table = useTableSearch();
  const associations = useRhcAssociations(table.page, table.debouncedSearch.trim());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TRhcAssociation | null>(null);
  const columns: DataTableColumn<TRhcAssociation>[] = [
    { key: 'rhc', header: 'Referral Harvest Center', render: (row) => row.rhc_desc.company },
    {
      key: 'centers',
      header: 'Harvest Centers',
      render: (row) => row.hc_desc.map((center) => center.company).join(', ') || '—',
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <Button
          size="xs"
          variant="light"
          aria-label={`Edit the harvest centers of ${row.rhc_desc.company}`}
          onClick={() => setEditing(row)}
        >
          Edit
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>RHC Manager</Title>
      <TableSearchInput
        table={table}
        label="Search referral centers"
        placeholder="Company, e-mail or phone"
      />
      <PagedDataTable
        columns={columns}
        query={associations}
        paging={table}
        rowKey={(row) => row.rhc_desc.id}
        pageSize={PAGE_SIZE.default}
        loadingText="Loading referral harvest centers..."
      />
      <JoinRequestsTable
        query={requests}
        showCenter
        title="Associations waiting for approval"
        description="Referral harvest centers that named a harvest center when signing up. The center is asked too; either of you may decide."
        invalidates={RHC_ASSOCIATION_KEYS.all}
      />
      {editing && (
        <CenterLinksDialog
          title="Edit Harvest Centers"
          owner={`${editing.rhc_desc.company} refers patients to:`}
          current={editing.hc_desc}
          save={(ids) => updateRhcAssociation(editing.rhc_desc.id, ids)}
          successMessage={RHC_ASSOCIATION_UPDATED_MESSAGE}
          onSaved={() =>
            Promise.all([
              queryClient.invalidateQueries({ queryKey: RHC_ASSOCIATION_KEYS.all }),
              queryClient.invalidateQueries({ queryKey: centersKey }),
            ])
          }
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
