import { Button, Card, Checkbox, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  LOCATION_MESSAGES,
  type TLocationBody,
  type TSavedLocation,
  ZLocationBody,
} from '@portal/shared/locations';
import { useMutation } from '@tanstack/react-query';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { LocationAddressInputs } from '../../../components/location-address-inputs.tsx';
import { api } from '../../../lib/api-client.ts';

type LocationValues = TLocationBody;

/** The add/edit form of a saved location (part 2 §5: name, line 2 and postal code optional). */
export function LocationForm({
  location,
  onSaved,
  onCancel,
}: {
  location: TSavedLocation | null;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm<LocationValues>(ZLocationBody, {
    location_name: location?.location_name ?? '',
    address1: location?.address1 ?? '',
    address2: location?.address2 ?? '',
    city: location?.city ?? '',
    state_desc: location?.state_desc ?? '',
    country_desc: location?.country_desc ?? '',
    zip_code: location?.zip_code ?? '',
    default: location?.default ?? false,
  });
  const save = useMutation({
    mutationFn: (values: LocationValues) =>
      location
        ? api.patch(`/api/v1/locations/${location.id}/`, { ...values, default: values.default || undefined })
        : api.post('/api/v1/locations/', values),
    onSuccess: () => onSaved(location ? LOCATION_MESSAGES.updated : LOCATION_MESSAGES.created),
    onError: (error) => setServerErrors(form, error),
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack>
          <Title order={2} size="h4">
            {location ? 'Edit location' : 'New location'}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Location name" {...form.getInputProps('location_name')} />
            <LocationAddressInputs inputProps={(field) => form.getInputProps(field)} />
          </SimpleGrid>
          {!location?.default && (
            <Checkbox
              label="Make this my default location"
              {...form.getInputProps('default', { type: 'checkbox' })}
            />
          )}
          <FormAlert error={save.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save location
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
