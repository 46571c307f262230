import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { ASSET_ITEM_TYPE, type TAsset } from '@portal/shared/assets';
import { IconExternalLink, IconFile } from '@tabler/icons-react';

/** An asset's links and files: each opens in a new tab; an image shows a small preview. */
export function AssetItems({ asset }: { asset: TAsset }) {
  if (asset.assets.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4}>
      {asset.assets.map((item) => {
        const label = item.name || item.path;
        return (
          <Group key={item.id} gap={6} wrap="nowrap">
            {item.type === ASSET_ITEM_TYPE.file && item.content_type.startsWith('image/') ? (
              <Image src={item.url} alt="" w={32} h={32} fit="contain" radius="sm" />
            ) : item.type === ASSET_ITEM_TYPE.file ? (
              <IconFile size={16} aria-hidden />
            ) : (
              <IconExternalLink size={16} aria-hidden />
            )}
            <Anchor href={item.url} target="_blank" rel="noopener noreferrer" size="sm">
              {label}
            </Anchor>
          </Group>
        );
      })}
    </Stack>
  );
}
