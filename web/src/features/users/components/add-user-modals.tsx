import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ZCreateUserBody } from '@portal/shared/account-admin';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { FormEventHandler, ReactNode } from 'react';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateUser } from '../api/user-actions.ts';

const [, ZHarvestCenterCreate] = ZCreateUserBody.options;

interface AddUserModalProps {
  onClose: () => void;
}

function useCreate(onClose: () => void, created: string) {
  const create = useCreateUser();
  const submit = (body: Parameters<typeof create.mutate>[0], onError: (error: unknown) => void) =>
    create.mutate(body, {
      onSuccess: (user) => {
        notifySuccess(`${created} ${user.email} has been added.`);
        onClose();
      },
      onError: (error) => {
        onError(error);
        notifyError(errorMessage(error));
      },
    });
  return { submit, pending: create.isPending };
}

type NameFields = { email: string; first_name: string; last_name: string };

interface AddUserFormProps<Values extends NameFields> {
  /** The modal's title and its button. */
  title: string;
  form: UseFormReturnType<Values>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  onClose: () => void;
  /** The fields after e-mail and name. */
  children: ReactNode;
}

/** What both add forms share: the modal, e-mail and name, Cancel and the add button. */
function AddUserForm<Values extends NameFields>({
  title,
  form,
  onSubmit,
  pending,
  onClose,
  children,
}: AddUserFormProps<Values>) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <Group grow>
            <TextInput label="First Name" {...form.getInputProps('first_name')} />
            <TextInput label="Last Name" {...form.getInputProps('last_name')} />
          </Group>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Part 1 §2: "Harvest center creation form: email, first name, last name, company, password". */
export function AddHarvestCenterModal({ onClose }: AddUserModalProps) {
  const form = useSchemaForm(ZHarvestCenterCreate, {
    subscription: MEMBERSHIP.harvestCenter,
    email: '',
    first_name: '',
    last_name: '',
    company: '',
    password: '',
  });
  const { submit, pending } = useCreate(onClose, 'Harvest Center');

  return (
    <AddUserForm
      title="Add Harvest Center"
      form={form}
      onSubmit={form.onSubmit((values) => submit(values, (error) => setServerErrors(form, error)))}
      pending={pending}
      onClose={onClose}
    >
      <TextInput label="Company" {...form.getInputProps('company')} />
      <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
    </AddUserForm>
  );
}
