import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center">
        <Title order={2}>Page not found</Title>
        <Text c="dimmed">The address may be mistyped, or the page has moved.</Text>
        <Button component={Link} to="/dashboard">
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
