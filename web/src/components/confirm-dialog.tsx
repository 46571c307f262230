import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormAlert } from './form.tsx';

interface ConfirmDialogProps {
  title: string;
  question: string;
  confirmLabel: string;
  loading: boolean;
  /** The failure of the last try, read before deciding again. */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes-or-no question before a change that cannot be undone (cancel a request, delete a document). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <Stack>
        <Text>{props.question}</Text>
        <FormAlert error={props.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Keep it
          </Button>
          <Button color="red" loading={props.loading} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
