import { Anchor, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_NAMES, DOCUMENT_TEXTS, ZSendDocumentsBody } from '@portal/shared/documents';
import { useState } from 'react';
import { Link } from 'react-router';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useSendDocuments } from '../api/send-documents.ts';
import { PatientContactFields } from '../components/patient-picker.tsx';

const ZRequestForm = ZSendDocumentsBody.pick({ name: true, email: true });

/** The answer of a send, in a modal (part 1 §8: the server's message on failure). */
type Outcome = { sent: true } | { sent: false; message: string };

/** /request-patients-signatures: the HC mails a patient the three agreements to sign. */
export function RequestSignaturesPage() {
  const user = useSignedInUser();
  const form = useSchemaForm(ZRequestForm, { name: '', email: '' });
  const [patientId, setPatientId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const send = useSendDocuments();

  const submit = form.onSubmit((values) =>
    send.mutate(
      {
        ...values,
        harvest_center_id: user.id,
        // The HC's own attestation, when it has signed one (part 1 §3 Signature request).
        template_id: user.template_id || null,
        nameHC: user.company,
        emailHC: user.email,
        patient_id: patientId,
      },
      {
        onSuccess: () => {
          setOutcome({ sent: true });
          form.reset();
          setPatientId(null);
        },
        onError: (error) => {
          setServerErrors(form, error);
          setOutcome({ sent: false, message: errorMessage(error) });
        },
      },
    ),
  );

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Request Patient Signatures</Title>
      <Text>
        {`The patient gets an e-mail with a link to sign the ${Object.values(DOCUMENT_NAMES).length} agreements: `}
        {Object.values(DOCUMENT_NAMES).join(', ')}.
      </Text>
      <Paper withBorder p="lg">
        <form noValidate onSubmit={submit}>
          <Stack>
            <PatientContactFields
              form={form}
              harvestCenterId={user.id}
              patientId={patientId}
              onPatientIdChange={setPatientId}
            />
            <Group justify="space-between">
              <Anchor component={Link} to="/patients-signatures" size="sm">
                Back to Patient Signatures
              </Anchor>
              <Button type="submit" loading={send.isPending}>
                Send Documents
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal
        opened={outcome !== null}
        onClose={() => setOutcome(null)}
        title={outcome?.sent ? 'Documents sent' : 'Documents not sent'}
        centered
      >
        <Stack>
          <Text role={outcome?.sent ? 'status' : 'alert'}>
            {outcome?.sent ? DOCUMENT_TEXTS.sent : outcome?.message}
          </Text>
          <Group justify="flex-end">
            {outcome?.sent && (
              <Button component={Link} to="/patients-signatures" variant="default">
                Patient Signatures
              </Button>
            )}
            <Button onClick={() => setOutcome(null)}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
