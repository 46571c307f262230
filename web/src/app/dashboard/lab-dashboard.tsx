import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { LabOverview } from '../../features/labs/components/lab-overview.tsx';

/** A lab account's dashboard: its lab's harvest centers, and the lab view they come from. */
export function LabDashboard() {
  return (
    <Stack gap="md">
      <LabOverview />
      <Anchor component={Link} to="/lab" size="sm">
        Open the lab view
      </Anchor>
    </Stack>
  );
}
