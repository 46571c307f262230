import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { ZNewSalesMemberForm } from '@portal/shared/sales-teams';
import { TIMING } from '@portal/shared/ui-constants';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { type NewTeamMemberKind, useAddTeamMember } from '../api/add-team-member.ts';

interface AddTeamMemberFormProps {
  kind: NewTeamMemberKind;
  /** 'Sales Rep' or 'Sales Manager'. */
  noun: string;
}

const EMPTY = { first_name: '', last_name: '', email: '', phone_number: '', company: '' };

/**
 * /add-sales-rep and /add-sales-manager (part 2 §2, §7): the new member joins the caller's team and
 * sets a password from the invitation mail. Success opens a modal (Dashboard / Close); a failure
 * shows its message until the error flag clears after 3 s, and field errors stay by their fields.
 */
export function AddTeamMemberForm({ kind, noun }: AddTeamMemberFormProps) {
  const navigate = useNavigate();
  const form = useSchemaForm(ZNewSalesMemberForm, EMPTY);
  const add = useAddTeamMember(kind);
  const [failure, setFailure] = useState<string | null>(null);
  const [addedEmail, setAddedEmail] = useState<string | null>(null);

  useEffect(() => {
    if (failure === null) return;
    const timer = setTimeout(() => setFailure(null), TIMING.errorNoticeMs);
    return () => clearTimeout(timer);
  }, [failure]);

  const submit = form.onSubmit((values) =>
    add.mutate(values, {
      onSuccess: (member) => {
        setFailure(null);
        form.reset();
        setAddedEmail(member.email);
      },
      onError: (error) => {
        setServerErrors(form, error);
        setFailure(errorMessage(error));
      },
    }),
  );

  return (
    <Stack>
      <Title order={1}>Add {noun}</Title>
      <Card withBorder padding="lg" maw={640}>
        <form noValidate onSubmit={submit}>
          <Stack>
            <Group grow align="flex-start">
              <TextInput label="First Name" {...form.getInputProps('first_name')} />
              <TextInput label="Last Name" {...form.getInputProps('last_name')} />
            </Group>
            <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            <Group grow align="flex-start">
              <TextInput label="Phone Number" inputMode="tel" {...form.getInputProps('phone_number')} />
              <TextInput label="Company" {...form.getInputProps('company')} />
            </Group>
            <Text size="sm" c="dimmed">
              The new {noun.toLowerCase()} joins your team and receives an e-mail to set a password.
            </Text>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                Add {noun}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Modal
        opened={addedEmail !== null}
        onClose={() => setAddedEmail(null)}
        title={`${noun} added`}
        centered
      >
        <Stack>
          <Text>
            An invitation to set a password has been sent to {addedEmail}. The link is valid for 7 days.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/dashboard')}>
              Dashboard
            </Button>
            <Button onClick={() => setAddedEmail(null)}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
