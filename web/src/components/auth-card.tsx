import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the guest screens: one card under the portal's name (app/root-layout PublicLayout). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%">
      <Title order={1} ta="center" mb="lg">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
