import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type TLabelRequest, type TLabelUpdateBody, ZLabelUpdateBody } from '@portal/shared/shipping-labels';
import { TIMING } from '@portal/shared/ui-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { PdfFileInput } from '../../../components/pdf-file-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  createCarrierLabel,
  LABEL_KEYS,
  stageLabelFile,
  updateLabel,
  useCarrierStatus,
} from '../api/shipping-labels-api.ts';

/**
 * The admin's "add label" dialog (part 2 §2, §5, §8): tracking number and link required, a label PDF
 * (checked by the server by its bytes and size); Save, or Save and send the label mail. Success shows
 * for 2 s, then the dialog closes and the list reloads; a failure shows the server's message for 3 s.
 */
export function LabelEditDialog({ request, onClose }: { request: TLabelRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState(false);
  const form = useSchemaForm<TLabelUpdateBody>(ZLabelUpdateBody, {
    tracking_number: request.tracking_number,
    tracking_link: request.tracking_link,
  });
  const save = useMutation({
    mutationFn: async ({ values, notify }: { values: TLabelUpdateBody; notify: boolean }) => {
      const pdf_file = file ? (await stageLabelFile(file)).filename : undefined;
      return updateLabel(request.id, { ...values, pdf_file }, notify);
    },
    onSuccess: (answer) => {
      setDone(true);
      notifySuccess(answer.message);
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: LABEL_KEYS.all });
        onClose();
      }, TIMING.successNoticeMs);
    },
    onError: (error) => {
      setServerErrors(form, error);
      notifyError(errorMessage(error));
    },
  });
  const carrier = useCarrierStatus();
  const byCarrier = useMutation({
    mutationFn: () => createCarrierLabel(request.id),
    onSuccess: (answer) => {
      setDone(true);
      notifySuccess(answer.message);
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: LABEL_KEYS.all });
        onClose();
      }, TIMING.successNoticeMs);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  const hasLabel = Boolean(file || request.pdf_file);
  const submit = (notify: boolean) => form.onSubmit((values) => save.mutate({ values, notify }))();

  return (
    <Modal opened onClose={onClose} title={`FedEx label for request ${request.id}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(false);
        }}
      >
        <Stack>
          <TextInput label="Tracking number" {...form.getInputProps('tracking_number')} />
          <TextInput label="Tracking link" placeholder="https://" {...form.getInputProps('tracking_link')} />
          {request.pdf_file && (
            <Text size="sm">
              Current label:{' '}
              <Anchor href={request.pdf_file} target="_blank" rel="noopener noreferrer">
                open
              </Anchor>
            </Text>
          )}
          {carrier.data?.enabled && !request.pdf_file && (
            <Button
              variant="outline"
              w="fit-content"
              loading={byCarrier.isPending}
              disabled={done || save.isPending}
              onClick={() => byCarrier.mutate()}
            >
              Create the label with {carrier.data.name}
            </Button>
          )}
          <PdfFileInput
            label={request.pdf_file ? 'Replace the label (PDF)' : 'Label (PDF)'}
            value={file}
            onChange={setFile}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              variant="light"
              disabled={done || !hasLabel}
              loading={save.isPending && save.variables?.notify === true}
              onClick={() => submit(true)}
            >
              Save and send notification
            </Button>
            <Button
              type="submit"
              disabled={done}
              loading={save.isPending && save.variables?.notify === false}
            >
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
