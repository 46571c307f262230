import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ZContactBody } from '@portal/shared/contact';
import { useState } from 'react';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

/** /contact, 'Contact Us': a message to the support team, sent by e-mail through the server. */
export function ContactPage() {
  const me = useSignedInUser();
  const form = useSchemaForm(ZContactBody, {
    name: `${me.first_name} ${me.last_name}`.trim(),
    email: me.email,
    phone: me.phone_number,
    message: '',
  });
  const send = useSendContactMessage();
  const [answer, setAnswer] = useState<{ message: string; ok: boolean } | null>(null);

  const submit = form.onSubmit((values) =>
    send.mutate(values, {
      onSuccess: ({ message }) => {
        setAnswer({ message, ok: true });
        form.setFieldValue('message', '');
      },
      onError: (error) => {
        setServerErrors(form, error);
        setAnswer({ message: errorMessage(error), ok: false });
      },
    }),
  );

  return (
    <Stack>
      <Title order={1}>Contact Us</Title>
      <Card withBorder padding="lg" maw={640}>
        <form noValidate onSubmit={submit}>
          <Stack>
            <Text c="dimmed">
              Your message goes to our support team by e-mail. We answer at the e-mail address you give here.
            </Text>
            <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            <TextInput
              label="Phone Number"
              inputMode="tel"
              autoComplete="tel"
              {...form.getInputProps('phone')}
            />
            <Textarea label="Message" autosize minRows={5} {...form.getInputProps('message')} />
            {answer && (
              <Alert color={answer.ok ? 'green' : 'red'} withCloseButton onClose={() => setAnswer(null)}>
                {answer.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send Message
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
