import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { ASSET_TEXTS, type TAsset } from '@portal/shared/assets';
import { MEMBERSHIP_NAMES, type MembershipId } from '@portal/shared/memberships';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { EditRemoveButtons, useConfirmedRemoval } from '../../../components/row-removal.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { ASSET_KEYS, removeAsset, useAssets } from '../api/assets-api.ts';
import { AssetFormDialog } from '../components/asset-form-dialog.tsx';
import { AssetItems } from '../components/asset-items.tsx';

const accountTypes = (asset: TAsset) =>
  asset.membership_ids
    ? asset.membership_ids
        .split(',')
        .map((id) => MEMBERSHIP_NAMES[Number(id) as MembershipId] ?? id)
        .join(', ')
    : 'Admins only';

const COLUMNS: DataTableColumn<TAsset>[] = [
  { key: 'name', header: 'Name', render: (a) => a.asset_name },
  {
    key: 'description',
    header: 'Description',
    render: (a) => (
      <Text size="sm" lineClamp={3}>
        {a.description}
      </Text>
    ),
  },
  { key: 'types', header: 'Account types', render: accountTypes },
  { key: 'sections', header: 'Sections', render: (a) => a.sections.map((s) => s.url).join(', ') || '—' },
  { key: 'items', header: 'Links and files', render: (a) => <AssetItems asset={a} /> },
];

/** /assets-manager, 'Asset List' (part 2 §2): add, filter, edit and remove assets (admin). */
export function AssetsManagerPage() {
  const table = useTableSearch();
  const assets = useAssets({ admin: true }, table.page, PAGE_SIZE.default, table.debouncedSearch.trim());
  const [editing, setEditing] = useState<TAsset | 'new' | null>(null);
  const removal = useConfirmedRemoval<TAsset>({
    title: 'Remove asset',
    question: (asset) => `${ASSET_TEXTS.removeConfirm} (${asset.asset_name})`,
    remove: (asset) => removeAsset(asset.id),
    removedMessage: ASSET_TEXTS.removed,
    invalidate: ASSET_KEYS.all,
  });
  const columns: DataTableColumn<TAsset>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (asset) => (
        <EditRemoveButtons
          what={`asset ${asset.asset_name}`}
          onEdit={() => setEditing(asset)}
          onRemove={() => removal.ask(asset)}
        />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{ASSET_TEXTS.listTitle}</Title>
        <Button onClick={() => setEditing('new')}>{ASSET_TEXTS.add}</Button>
      </Group>
      <TableSearchInput table={table} label="Filter assets" placeholder="Name or description" />
      <PagedDataTable
        columns={columns}
        query={assets}
        paging={table}
        rowKey={(asset) => asset.id}
        pageSize={PAGE_SIZE.default}
        loadingText="Loading assets..."
      />
      {editing !== null && (
        <AssetFormDialog asset={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {removal.dialog}
    </Stack>
  );
}
