import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack align="center">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The address may be mistyped, or the page has moved.</Text>
      <Button component={Link} to="/dashboard">
        Go to Dashboard
      </Button>
    </Stack>
  );
}
