import { Stack, Text, Title } from '@mantine/core';
import type { TAsset } from '@portal/shared/assets';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useAssets } from '../api/assets-api.ts';
import { AssetItems } from '../components/asset-items.tsx';

const COLUMNS: DataTableColumn<TAsset>[] = [
  { key: 'name', header: 'Name', render: (a) => a.asset_name },
  { key: 'description', header: 'Description', render: (a) => <Text size="sm">{a.description}</Text> },
  { key: 'items', header: 'Links and files', render: (a) => <AssetItems asset={a} /> },
];

/** /resource-center: the assets aimed at the user's account type, searchable (part 2 §2, §6). */
export function ResourceCenterPage() {
  const user = useSignedInUser();
  const membershipId = user.membership[0]?.id ?? user.subscription;
  const table = useTableSearch();
  const assets = useAssets({ membershipId }, table.page, PAGE_SIZE.default, table.debouncedSearch.trim());
  return (
    <Stack gap="md">
      <Title order={1}>Resource Center</Title>
      <TableSearchInput table={table} label="Search resources" placeholder="Name or description" />
      <PagedDataTable
        columns={COLUMNS}
        query={assets}
        paging={table}
        rowKey={(asset) => asset.id}
        pageSize={PAGE_SIZE.default}
        loadingText="Loading resources..."
      />
    </Stack>
  );
}
