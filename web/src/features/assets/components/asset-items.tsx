import { ActionIcon, Anchor, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { ASSET_ITEM_TYPE, type TAsset, type TAssetItem } from '@portal/shared/assets';
import { IconExternalLink, IconEye, IconFile } from '@tabler/icons-react';
import { useState } from 'react';

const isImage = (item: TAssetItem) =>
  item.type === ASSET_ITEM_TYPE.file && item.content_type.startsWith('image/');
const isPdf = (item: TAssetItem) =>
  item.type === ASSET_ITEM_TYPE.file && item.content_type === 'application/pdf';

/** A PDF or a picture shown in place, with the way to open it in a tab of its own. */
function PreviewDialog({ item, onClose }: { item: TAssetItem; onClose: () => void }) {
  const label = item.name || item.path;
  return (
    <Modal opened onClose={onClose} title={label} size="xl" centered>
      <Stack gap="xs">
        {isPdf(item) ? (
          <iframe
            src={item.url}
            title={`${label} (PDF)`}
            style={{
              display: 'block',
              width: '100%',
              height: '70vh',
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          />
        ) : (
          <Image src={item.url} alt={label} mah="70vh" fit="contain" />
        )}
        <Anchor href={item.url} target="_blank" rel="noopener noreferrer" size="sm">
          Open in a new tab
        </Anchor>
      </Stack>
    </Modal>
  );
}

/** An asset's links and files: each opens in a new tab; PDFs and pictures also preview in place. */
export function AssetItems({ asset }: { asset: TAsset }) {
  const [previewing, setPreviewing] = useState<TAssetItem | null>(null);
  if (asset.assets.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4}>
      {asset.assets.map((item) => {
        const label = item.name || item.path;
        return (
          <Group key={item.id} gap={6} wrap="nowrap">
            {isImage(item) ? (
              <Image src={item.url} alt="" w={32} h={32} fit="contain" radius="sm" />
            ) : item.type === ASSET_ITEM_TYPE.file ? (
              <IconFile size={16} aria-hidden />
            ) : (
              <IconExternalLink size={16} aria-hidden />
            )}
            <Anchor href={item.url} target="_blank" rel="noopener noreferrer" size="sm">
              {label}
            </Anchor>
            {(isPdf(item) || isImage(item)) && (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Preview ${label}`}
                onClick={() => setPreviewing(item)}
              >
                <IconEye size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {previewing && <PreviewDialog item={previewing} onClose={() => setPreviewing(null)} />}
    </Stack>
  );
}
