import { Affix, Anchor, Button, Drawer, Loader, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { RESOURCE_CENTER_TEXTS } from '@portal/shared/assets';
import type { TSessionUser } from '@portal/shared/auth';
import { IconBook } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useSectionAssets } from '../features/assets/api/assets-api.ts';
import { AssetItems } from '../features/assets/components/asset-items.tsx';
import { SUPPORT_EMAIL } from './config.ts';

/** Room the floating button takes at the bottom of the screen: the page's end scrolls above it. */
export const RESOURCE_CENTER_CLEARANCE = 72;

/**
 * The floating 'Resource Center' button of every signed-in page (part 1 §2, layout) and its panel:
 * the assets aimed at the user's account type whose sections name the page in view (part 2 §2), or
 * the spec's sentence that there are none, and the support contact either way. The suggestions
 * are asked for when the panel opens, not on every page.
 */
export function ResourceCenter({ user }: { user: TSessionUser }) {
  const [opened, drawer] = useDisclosure();
  return (
    <>
      <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
        <Button
          radius="xl"
          size="sm"
          leftSection={<IconBook size={18} aria-hidden />}
          onClick={drawer.open}
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          {RESOURCE_CENTER_TEXTS.button}
        </Button>
      </Affix>
      <Drawer
        opened={opened}
        onClose={drawer.close}
        position="right"
        size="md"
        title={RESOURCE_CENTER_TEXTS.button}
      >
        {opened && <SuggestedResources user={user} />}
      </Drawer>
    </>
  );
}

function SuggestedResources({ user }: { user: TSessionUser }) {
  const { pathname } = useLocation();
  const assets = useSectionAssets(user.membership[0]?.id ?? user.subscription, pathname);
  return (
    <Stack gap="md">
      {assets.isPending ? (
        <Loader size="sm" aria-label="Loading the suggested resources" />
      ) : assets.data?.length ? (
        assets.data.map((asset) => (
          <Stack key={asset.id} gap={4}>
            <Title order={3} size="h6">
              {asset.asset_name}
            </Title>
            <Text size="sm">{asset.description}</Text>
            <AssetItems asset={asset} />
          </Stack>
        ))
      ) : (
        <Text>{RESOURCE_CENTER_TEXTS.none}</Text>
      )}
      <Text size="sm" mt="md">
        Questions? Contact us at <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
      </Text>
    </Stack>
  );
}
