import { Button, Group } from '@mantine/core';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { notifySuccess } from '../lib/notify.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** A table row's Edit and Remove buttons, named after the row for screen readers. */
export function EditRemoveButtons({
  what,
  onEdit,
  onRemove,
}: {
  /** 'coupon SPRING', 'asset Packing Guide': the end of each button's accessible name. */
  what: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" aria-label={`Edit ${what}`} onClick={onEdit}>
        Edit
      </Button>
      <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${what}`} onClick={onRemove}>
        Remove
      </Button>
    </Group>
  );
}

/**
 * Removing a row after a confirmation that names it: `ask(row)` opens the dialog; on success the
 * list under `invalidate` reloads and `removedMessage` shows.
 */
export function useConfirmedRemoval<T>(options: {
  title: string;
  question: (row: T) => string;
  remove: (row: T) => Promise<unknown>;
  removedMessage: string;
  invalidate: QueryKey;
}): { ask: (row: T) => void; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const [row, setRow] = useState<T | null>(null);
  const removal = useMutation({
    mutationFn: options.remove,
    onSuccess: async () => {
      setRow(null);
      notifySuccess(options.removedMessage);
      await queryClient.invalidateQueries({ queryKey: options.invalidate });
    },
  });
  const dialog =
    row === null ? null : (
      <ConfirmDialog
        title={options.title}
        question={options.question(row)}
        confirmLabel="Remove"
        loading={removal.isPending}
        error={removal.error}
        onConfirm={() => removal.mutate(row)}
        onClose={() => setRow(null)}
      />
    );
  return { ask: setRow, dialog };
}
