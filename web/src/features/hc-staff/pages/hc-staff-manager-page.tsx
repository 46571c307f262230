import { Button, Stack, Title } from '@mantine/core';
import { STAFF_UPDATED_MESSAGE, type TStaffMember } from '@portal/shared/hc-staff';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CenterLinksDialog } from '../../../components/center-links-dialog.tsx';
import { JoinRequestsTable, useAdminJoinRequests } from '../../../components/centers/join-requests.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { HC_STAFF_KEYS, updateStaffCenters, useAllStaff } from '../api/staff-manager-api.ts';
import { staffName } from '../staff-name.ts';

/** /hc-staff-manager (admin): every HC staff member with their harvest centers; Edit changes them. */
export function HcStaffManagerPage() {
  const table = useTableSearch();
  const staff = useAllStaff(table.page, table.debouncedSearch.trim());
  const requests = useAdminJoinRequests('staff');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TStaffMember | null>(null);
  const columns: DataTableColumn<TStaffMember>[] = [
    { key: 'name', header: 'Name', render: staffName },
    { key: 'email', header: 'Email', render: (member) => member.email },
    {
      key: 'centers',
      header: 'Harvest Centers',
      render: (member) => member.harvest_centers.map((center) => center.company).join(', ') || '—',
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (member) => (
        <Button
          size="xs"
          variant="light"
          aria-label={`Edit the harvest centers of ${staffName(member)}`}
          onClick={() => setEditing(member)}
        >
          Edit
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>HC Staff Manager</Title>
      <TableSearchInput table={table} label="Search staff" placeholder="Name, e-mail or phone" />
      <PagedDataTable
        columns={columns}
        query={staff}
        paging={table}
        rowKey={(member) => member.id}
        pageSize={PAGE_SIZE.default}
        loadingText="Loading staff..."
      />
      <JoinRequestsTable
        query={requests}
        showCenter
        title="Staff waiting for approval"
        description="People who signed up through a harvest center's staff link. The center is asked too; either of you may decide."
        invalidates={HC_STAFF_KEYS.all}
      />
      {editing && (
        <CenterLinksDialog
          title="Edit Harvest Centers"
          owner={`${staffName(editing)} (${editing.email}) works for:`}
          current={editing.harvest_centers}
          save={(ids) => updateStaffCenters(editing.id, ids)}
          successMessage={STAFF_UPDATED_MESSAGE}
          onSaved={() => queryClient.invalidateQueries({ queryKey: HC_STAFF_KEYS.all })}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
