import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Content under something still loading: it renders (and fetches) at once but shows only when what
 * is above it has its final height, so it never moves under the pointer as it is clicked.
 */
export function PlacedAfter({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Box aria-busy={loading || undefined} style={loading ? { visibility: 'hidden' } : undefined}>
      {children}
    </Box>
  );
}
