import { Button, Stack, Title } from '@mantine/core';
import { TEXT } from '@portal/shared/ui-constants';
import { Link } from 'react-router';

export function UnauthorizedPage() {
  return (
    <Stack align="flex-start">
      <Title order={1}>{TEXT.unauthorized}</Title>
      <Button component={Link} to="/dashboard">
        Back to Dashboard
      </Button>
    </Stack>
  );
}
