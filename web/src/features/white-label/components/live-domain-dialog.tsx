import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type TWhiteLabelDomain, WHITE_LABEL_TEXTS } from '@portal/shared/white-label';

/** The wizard's last step: the domain is live, with its link. */
export function LiveDomainDialog({
  domain,
  opened,
  onClose,
}: {
  domain: TWhiteLabelDomain | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={WHITE_LABEL_TEXTS.congratulations}>
      <Stack>
        <Text>{domain?.name} is live.</Text>
        <Anchor href={domain?.url} target="_blank" rel="noopener noreferrer">
          {domain?.url}
        </Anchor>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
