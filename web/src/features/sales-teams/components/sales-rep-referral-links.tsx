import { ActionIcon, Card, CopyButton, Stack, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * The sign-up links a sales rep hands out (part 1 §2): a harvest center or referral harvest center
 * registering through them gets the rep. Read-only; the sign-up pages are part 2's.
 */
export function SalesRepReferralLinks({ repId }: { repId: number }) {
  const origin = window.location.origin;
  const links = [
    { label: 'Harvest Center Sign-up Link', url: `${origin}/harvest-center-registration?srid=${repId}` },
    {
      label: 'Referral Harvest Center Sign-up Link',
      url: `${origin}/referral-harvest-center-registration?srid=${repId}`,
    },
  ];
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2}>Sales Rep Referral Links</Title>
        {links.map((link) => (
          <TextInput
            key={link.label}
            label={link.label}
            value={link.url}
            readOnly
            rightSection={
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={`Copy ${link.label}`}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
        ))}
      </Stack>
    </Card>
  );
}
