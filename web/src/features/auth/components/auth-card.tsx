import { Center, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the guest screens: one centred card. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Title order={2} ta="center" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}
