import { Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ZHarvestCenterCreate } from '@portal/shared/harvest-centers';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { useCreateHarvestCenter } from '../api/create-harvest-center.ts';

interface HarvestCenterFormModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The harvest center creation form of part 1 §2: email, first name, last name, company, password. */
export function HarvestCenterFormModal({ opened, onClose }: HarvestCenterFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Harvest Center">
      {opened && <HarvestCenterForm onDone={onClose} />}
    </Modal>
  );
}

function HarvestCenterForm({ onDone }: { onDone: () => void }) {
  const form = useSchemaForm(ZHarvestCenterCreate, {
    email: '',
    first_name: '',
    last_name: '',
    company: '',
    password: '',
    subscription: MEMBERSHIP.harvestCenter,
  });
  const create = useCreateHarvestCenter();
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        create.mutate(ZHarvestCenterCreate.parse(values), {
          onSuccess: onDone,
          onError: (error) => setServerErrors(form, error),
        }),
      )}
    >
      <Stack>
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="First Name" {...form.getInputProps('first_name')} />
        <TextInput label="Last Name" {...form.getInputProps('last_name')} />
        <TextInput label="Company" {...form.getInputProps('company')} />
        <PasswordInput label="Password" autoComplete="new-password" {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add Harvest Center
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
