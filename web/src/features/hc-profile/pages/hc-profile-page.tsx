import { Anchor, Button, Card, FileInput, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  HC_LOGO_FIELD,
  HC_LOGO_MAX_MEGABYTES,
  HC_LOGO_MAX_PIXELS,
  type THcLogoResponse,
} from '@portal/shared/hc-profile';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProfile } from '../../../components/account/profile-query.ts';
import { FormAlert } from '../../../components/form.tsx';
import { QueryLoadError } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { SESSION_QUERY_KEY, useSignedInUser } from '../../../lib/use-current-user.ts';

function uploadLogo(file: File): Promise<THcLogoResponse> {
  const form = new FormData();
  form.append(HC_LOGO_FIELD, file);
  return api.post<THcLogoResponse>('/api/v1/utilities/upload-hc-logo/', form);
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

/** /hc-profile: the harvest center's details and its logo (part 2 §2). */
export function HcProfilePage() {
  const me = useSignedInUser();
  const profile = useProfile(me.id);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      setFile(null);
      // The header reads the logo from the session.
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
  const p = profile.data;
  return (
    <Stack gap="md">
      <Title order={1}>HC Profile</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Details
            </Title>
            {profile.isError ? (
              <QueryLoadError query={profile} what="your details" />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Detail label="Harvest center" value={p?.company ?? me.company} />
                <Detail label="Contact" value={`${me.first_name} ${me.last_name}`.trim()} />
                <Detail label="E-mail" value={me.email} />
                <Detail label="Phone" value={p?.phone_number ?? me.phone_number} />
                <Detail
                  label="Address"
                  value={[p?.address1, p?.address2, p?.city, p?.state_desc, p?.zip_code, p?.country_desc]
                    .filter(Boolean)
                    .join(', ')}
                />
              </SimpleGrid>
            )}
            <Anchor component={Link} to="/profile" size="sm">
              Edit contact details
            </Anchor>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (file) upload.mutate(file);
            }}
          >
            <Stack gap="sm">
              <Title order={2} size="h4">
                Logo
              </Title>
              {me.logo_url ? (
                <Image src={me.logo_url} alt={`${me.company} logo`} maw={240} mah={120} fit="contain" />
              ) : (
                <Text c="dimmed">No logo yet.</Text>
              )}
              <FileInput
                label="New logo"
                description={`PNG, JPEG or WebP, up to ${HC_LOGO_MAX_MEGABYTES} MB; shown at most ${HC_LOGO_MAX_PIXELS}×${HC_LOGO_MAX_PIXELS} pixels.`}
                accept="image/png,image/jpeg,image/webp"
                clearable
                leftSection={<IconPhoto size={18} aria-hidden />}
                value={file}
                onChange={setFile}
              />
              <FormAlert error={upload.error} />
              <Group justify="flex-end">
                <Button type="submit" disabled={!file} loading={upload.isPending}>
                  Upload logo
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
