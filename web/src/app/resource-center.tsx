import { Anchor, Button, Drawer, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook } from '@tabler/icons-react';
import { SUPPORT_EMAIL } from './config.ts';
import { useRouteHandle } from './routes.ts';

/**
 * The Resource Center of part 1 §2: resources suggested for the page in view, in a side panel. Its
 * button sits in the header (a floating one covered the end of pages) and only on pages that have
 * suggestions: an empty panel helps nobody.
 */
export function ResourceCenter() {
  const [opened, drawer] = useDisclosure();
  const resources = useRouteHandle().resources ?? [];
  if (resources.length === 0) return null;

  return (
    <>
      <Button variant="subtle" leftSection={<IconBook size={18} aria-hidden />} onClick={drawer.open}>
        Resource Center
      </Button>
      <Drawer opened={opened} onClose={drawer.close} position="right" title="Resource Center">
        <Stack gap="xs">
          {resources.map((resource) => (
            <Anchor key={resource.href} href={resource.href} target="_blank" rel="noopener">
              {resource.label}
            </Anchor>
          ))}
          <Text size="sm" mt="md">
            Questions? Contact us at <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
          </Text>
        </Stack>
      </Drawer>
    </>
  );
}
