import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import { formatCents } from '@portal/shared/products';
import { useNavigate } from 'react-router';

const noop = () => {};

/** While the order is processed: blocking, not closable (part 2 §2, §4). */
export function ProcessingDialog() {
  return (
    <Modal
      opened
      onClose={noop}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={CHECKOUT_TEXTS.processingTitle}
    >
      <Group wrap="nowrap">
        {/* The text says it; a label on the spinner (no role) is a prohibited ARIA attribute (issue 42). */}
        <Loader size="sm" aria-hidden />
        <Text>{CHECKOUT_TEXTS.processingBody}</Text>
      </Group>
    </Modal>
  );
}

/** Success: Dashboard, or Close (a fresh form, as the spec's reload does). */
export function SuccessDialog({
  invoiceId,
  totalCents,
  onClose,
}: {
  invoiceId: number | null;
  totalCents: number | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Modal opened onClose={onClose} centered title={CHECKOUT_TEXTS.successTitle}>
      <Stack>
        <Text>{CHECKOUT_TEXTS.successBody}</Text>
        {invoiceId !== null && (
          <Text size="sm">
            Invoice {invoiceId}
            {totalCents !== null ? ` · ${formatCents(totalCents)}` : ''}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/dashboard')}>
            Dashboard
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Failure: the server's message as the title, its error_message as the body (part 2 §8). */
export function FailureDialog({
  title,
  body,
  onClose,
}: {
  title: string;
  body: string;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} centered title={title}>
      <Stack>
        <Text>{body}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
