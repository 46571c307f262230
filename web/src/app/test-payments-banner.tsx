import { Box, type MantineSpacing, Text } from '@mantine/core';
import type { TPaymentMode } from '@portal/shared/payment-mode';
import { TEST_PAYMENTS_BANNER } from '@portal/shared/ui-constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** Whether card payments are tests; the server's setting only changes with a restart. */
function usePaymentMode() {
  return useQuery({
    queryKey: ['payment-mode'],
    queryFn: () => api.get<TPaymentMode>('/api/payment-mode/', { anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Says on every page, signed in or not, that no money moves while the sandbox gateway (or
 * Authorize.net's sandbox) is in use: nobody should mistake a test deployment for a shop
 * (docs/decisions/030-production-defaults.md). A named region, so screen readers can find it.
 */
export function TestPaymentsBanner({ mb }: { mb?: MantineSpacing }) {
  const { data } = usePaymentMode();
  if (!data?.test_payments) return null;
  return (
    <Box
      component="section"
      aria-label={TEST_PAYMENTS_BANNER.label}
      bg="yellow.1"
      c="gray.9"
      px="md"
      py={6}
      w="100%"
      mb={mb}
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-6)' }}
    >
      <Text size="sm" fw={600} ta="center">
        {TEST_PAYMENTS_BANNER.text}
      </Text>
    </Box>
  );
}
