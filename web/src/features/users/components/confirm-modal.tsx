import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '../../../components/form.tsx';

interface ConfirmModalProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  /** A failure the user should read before deciding again. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes-or-no question about one account (Login As, Delete, Activate, Remove Account). */
export function ConfirmModal(props: ConfirmModalProps) {
  const { title, children, confirmLabel, color, loading, error, onConfirm, onClose } = props;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <FormAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
