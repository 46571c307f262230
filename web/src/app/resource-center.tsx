import { ActionIcon, Anchor, Button, Drawer, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TSessionUser } from '@portal/shared/auth';
import { IconBook } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useSectionAssets } from '../features/assets/api/assets-api.ts';
import { AssetItems } from '../features/assets/components/asset-items.tsx';
import { SUPPORT_EMAIL } from './config.ts';

/**
 * The resource panel (part 2 §2): the assets aimed at the user's account type whose sections name the
 * page in view, in a side panel. Its button sits in the header and only on pages that have some:
 * an empty panel helps nobody.
 */
export function ResourceCenter({ user }: { user: TSessionUser }) {
  const [opened, drawer] = useDisclosure();
  const { pathname } = useLocation();
  const assets = useSectionAssets(user.membership[0]?.id ?? user.subscription, pathname);
  if (!assets.data?.length) return null;

  return (
    <>
      {/* On a phone the book alone, so that the header stays one bar. */}
      <ActionIcon variant="subtle" size="lg" hiddenFrom="sm" aria-label="Resources" onClick={drawer.open}>
        <IconBook size={18} aria-hidden />
      </ActionIcon>
      <Button
        variant="subtle"
        visibleFrom="sm"
        leftSection={<IconBook size={18} aria-hidden />}
        onClick={drawer.open}
      >
        Resources
      </Button>
      <Drawer opened={opened} onClose={drawer.close} position="right" title="Resources for this page">
        <Stack gap="md">
          {assets.data.map((asset) => (
            <Stack key={asset.id} gap={4}>
              <Title order={3} size="h6">
                {asset.asset_name}
              </Title>
              <Text size="sm">{asset.description}</Text>
              <AssetItems asset={asset} />
            </Stack>
          ))}
          <Text size="sm" mt="md">
            Questions? Contact us at <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
          </Text>
        </Stack>
      </Drawer>
    </>
  );
}
