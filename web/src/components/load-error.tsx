import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { errorMessage } from '../lib/api-client.ts';

/** A query that failed to load, and the way to ask again. */
export interface LoadFailure {
  error: unknown;
  retry: () => unknown;
  /** True while the retry is under way. */
  retrying: boolean;
}

interface QueryState {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The failure of a TanStack query, or undefined while it has not failed. */
export function failureOf(query: QueryState): LoadFailure | undefined {
  if (!query.isError) return undefined;
  return { error: query.error, retry: () => query.refetch(), retrying: query.isFetching };
}

/**
 * What a screen shows when its data did not load: that it failed, why, and Retry. A failed list
 * must never look like an empty one.
 */
export function LoadError({ failure, what = 'this' }: { failure: LoadFailure; what?: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={`Could not load ${what}`}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(failure.error)}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={failure.retrying}
          onClick={() => failure.retry()}
        >
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

/** LoadError for a query already known to have failed (`if (query.isError) return …`). */
export function QueryLoadError({ query, what }: { query: QueryState; what?: string }) {
  return (
    <LoadError
      failure={{ error: query.error, retry: () => query.refetch(), retrying: query.isFetching }}
      what={what}
    />
  );
}
