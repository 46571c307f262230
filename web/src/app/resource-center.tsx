import { Affix, Anchor, Button, Drawer, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TEXT } from '@portal/shared/ui-constants';
import { IconBook } from '@tabler/icons-react';
import { SUPPORT_EMAIL } from './config.ts';
import { useRouteHandle } from './routes.ts';

/** The floating button of part 1 §2: resources suggested for the page in view. */
export function ResourceCenter() {
  const [opened, drawer] = useDisclosure();
  const resources = useRouteHandle().resources ?? [];

  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }}>
        <Button
          leftSection={<IconBook size={18} />}
          radius="xl"
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
          onClick={drawer.open}
        >
          Resource Center
        </Button>
      </Affix>
      <Drawer opened={opened} onClose={drawer.close} position="right" title="Resource Center">
        {resources.length > 0 ? (
          <Stack gap="xs">
            {resources.map((resource) => (
              <Anchor key={resource.href} href={resource.href} target="_blank" rel="noopener">
                {resource.label}
              </Anchor>
            ))}
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text>{TEXT.noResources}</Text>
            <Text size="sm">
              Questions? Contact us at <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
            </Text>
          </Stack>
        )}
      </Drawer>
    </>
  );
}
