import { Title } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';

export function WelcomeHeading({ user }: { user: TSessionUser }) {
  return <Title order={1}>{`Welcome, ${user.first_name || user.email}`}</Title>;
}
