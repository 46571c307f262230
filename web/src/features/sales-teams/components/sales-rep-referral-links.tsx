import { Card, Stack, Title } from '@mantine/core';
import { CopyableLink } from '../../../components/copyable-link.tsx';

/**
 * The sign-up links a sales rep hands out (part 1 §2): a harvest center or referral harvest center
 * registering through them gets the rep.
 */
export function SalesRepReferralLinks({ repId }: { repId: number }) {
  const origin = window.location.origin;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2}>Sales Rep Referral Links</Title>
        <CopyableLink
          label="Harvest Center Sign-up Link"
          url={`${origin}/harvest-center-registration?srid=${repId}`}
        />
        <CopyableLink
          label="Referral Harvest Center Sign-up Link"
          url={`${origin}/referral-harvest-center-registration?srid=${repId}`}
        />
      </Stack>
    </Card>
  );
}
