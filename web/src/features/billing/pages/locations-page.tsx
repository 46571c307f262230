import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Transition,
} from '@mantine/core';
import { LOCATION_ANIMATION_MS, LOCATION_MESSAGES, type TSavedLocation } from '@portal/shared/locations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/form.tsx';
import { PAYMENT_KEYS, useSavedLocations } from '../../../components/payment/payment-api.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { LocationForm } from '../components/location-form.tsx';

/** /hc-locations: saved addresses, the default first (part 2 §2 Locations, §4, §5). */
export function LocationsPage() {
  const user = useSignedInUser();
  const locations = useSavedLocations(user.id);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TSavedLocation | 'new' | null>(null);
  const [removing, setRemoving] = useState<TSavedLocation | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PAYMENT_KEYS.locations(user.id) });
  const makeDefault = useMutation({
    mutationFn: (location: TSavedLocation) =>
      api.post('/api/v1/locations/update-default/', { location_id: location.id, user_id: user.id }),
    onSuccess: async () => {
      notifySuccess(LOCATION_MESSAGES.defaultChanged);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (location: TSavedLocation) => api.delete(`/api/v1/locations/${location.id}/`),
    onSuccess: async () => {
      setRemoving(null);
      notifySuccess(LOCATION_MESSAGES.removed);
      await refresh();
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Locations</Title>
        {editing === null && <Button onClick={() => setEditing('new')}>Add Location</Button>}
      </Group>
      <Transition mounted={editing !== null} transition="fade-down" duration={LOCATION_ANIMATION_MS}>
        {(styles) => (
          <div style={styles}>
            {editing !== null && (
              <LocationForm
                key={editing === 'new' ? 'new' : editing.id}
                location={editing === 'new' ? null : editing}
                onCancel={() => setEditing(null)}
                onSaved={async (message) => {
                  setEditing(null);
                  notifySuccess(message);
                  await refresh();
                }}
              />
            )}
          </div>
        )}
      </Transition>
      <FormAlert error={locations.error ?? makeDefault.error} />
      {locations.isPending ? (
        <Loader aria-label="Loading locations" />
      ) : (locations.data ?? []).length === 0 ? (
        <Text>{LOCATION_MESSAGES.empty}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {(locations.data ?? []).map((location) => (
            <Card
              key={location.id}
              withBorder
              padding="md"
              aria-label={location.location_name || location.address1}
            >
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text fw={600}>{location.location_name || location.address1}</Text>
                  {location.default && <Badge>Default</Badge>}
                </Group>
                <Text size="sm">{[location.address1, location.address2].filter(Boolean).join(', ')}</Text>
                <Text size="sm">
                  {[location.city, location.state_desc, location.zip_code].filter(Boolean).join(', ')} ·{' '}
                  {location.country_desc}
                </Text>
                <Group gap="xs" mt="xs">
                  <Button variant="light" size="xs" onClick={() => setEditing(location)}>
                    Edit
                  </Button>
                  {!location.default && (
                    <Button
                      variant="light"
                      size="xs"
                      loading={makeDefault.isPending}
                      onClick={() => makeDefault.mutate(location)}
                    >
                      Make default
                    </Button>
                  )}
                  <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(location)}>
                    Remove
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove location"
          question={LOCATION_MESSAGES.removeConfirm}
          confirmLabel="Remove"
          loading={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => {
            remove.reset();
            setRemoving(null);
          }}
        />
      )}
    </Stack>
  );
}
