import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '../../../components/form.tsx';

interface ConfirmModalProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  /** The answer is not possible yet (still checking) or at all (something blocks it). */
  disabled?: boolean;
  /** A failure the user should read before deciding again. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes-or-no question about one account (Login As, Deactivate, Activate, Resend Invitation, Remove Account). */
export function ConfirmModal(props: ConfirmModalProps) {
  const { title, children, confirmLabel, color, loading, disabled, error, onConfirm, onClose } = props;
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <FormAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={color} loading={loading} disabled={disabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
