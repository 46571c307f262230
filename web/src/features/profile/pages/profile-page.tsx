import {
  Button,
  Card,
  Center,
  Group,
  Loader,
  LoadingOverlay,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { isLoginEmailChange, LINKED_SESSION_EMAIL_NOTE } from '@portal/shared/credential-changes';
import { HC_TYPE_MEMBERSHIPS } from '@portal/shared/memberships';
import { COMPANY_REQUIRED_MESSAGE, isCompanyRequired, ZProfilePut } from '@portal/shared/profile';
import { TEXT } from '@portal/shared/ui-constants';
import type { TUser } from '@portal/shared/users';
import { useProfile } from '../../../components/account/profile-query.ts';
import { EmailChangePasswordInput } from '../../../components/email-change-password-input.tsx';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { QueryLoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession, useSignedInUser } from '../../../lib/use-current-user.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { AttestationButton } from '../components/attestation-button.tsx';

/** Part 1 §5: company is shown and required only for memberships 4 and 9. */
function profileForm(membershipId: number) {
  return ZProfilePut.omit({ check_agreement: true }).refine(
    (values) => !isCompanyRequired(membershipId) || (values.company ?? '').trim() !== '',
    { message: COMPANY_REQUIRED_MESSAGE, path: ['company'] },
  );
}

/** /profile, 'Contact Details': the signed-in user's own contact information and location. */
export function ProfilePage() {
  const me = useSignedInUser();
  const profile = useProfile(me.id);

  if (profile.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (profile.isError) return <QueryLoadError query={profile} what="your details" />;
  // Keyed by the record's id: the form starts from the loaded values. And by its template: signing
  // the attestation sets it on the server, and the form shows it as the page reload of part 1 §4 would.
  return (
    <ProfileForm key={`${profile.data.id}:${profile.data.template_id}`} me={me} profile={profile.data} />
  );
}

function ProfileForm({ me, profile }: { me: TSessionUser; profile: TUser }) {
  const membershipId = profile.membership[0]?.id ?? profile.subscription;
  const showsCompany = isCompanyRequired(membershipId);
  // The signed attestation's template: a harvest-center field (4 and 9), which patients and the rest
  // never see; the super admin, who alone may change it, always does.
  const showsTemplateId = me.is_superuser || HC_TYPE_MEMBERSHIPS.some((id) => id === membershipId);
  // Part 1 §4: a center-type account without a signed attestation (template) is offered to sign one.
  const signsAttestation = HC_TYPE_MEMBERSHIPS.some((id) => id === membershipId) && !profile.template_id;
  // Login As and staff access act for the account: its login e-mail stays its holder's (the server refuses too).
  const { data: session } = useSession();
  const linkedSession = Boolean(session?.impersonator || session?.staff);
  const form = useSchemaForm(profileForm(membershipId), {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone_number: profile.phone_number,
    email: profile.email,
    company: profile.company,
    template_id: profile.template_id,
    address1: profile.address1,
    address2: profile.address2,
    city: profile.city,
    state_desc: profile.state_desc,
    country_desc: profile.country_desc,
    zip_code: profile.zip_code,
    current_password: '',
  });
  const save = useUpdateProfile();
  // A new login e-mail is confirmed with the current password, in the same request.
  const changesEmail = isLoginEmailChange(form.values.email, profile.email);

  const submit = form.onSubmit(({ template_id, company, current_password, ...values }) =>
    save.mutate(
      {
        id: profile.id,
        body: {
          ...values,
          ...(changesEmail ? { current_password } : {}),
          ...(showsCompany ? { company } : {}),
          // Only the super admin may change it (part 1 §5).
          ...(me.is_superuser ? { template_id } : {}),
        },
      },
      {
        onSuccess: () => {
          form.setFieldValue('current_password', '');
          notifySuccess(TEXT.recordUpdated);
        },
        onError: (error) => {
          setServerErrors(form, error);
          notifyError(errorMessage(error));
        },
      },
    ),
  );

  return (
    <Stack pos="relative">
      <LoadingOverlay
        visible={save.isPending}
        zIndex={100}
        loaderProps={{
          children: (
            <Group gap="sm">
              <Loader size="sm" />
              <Text>Updating information</Text>
            </Group>
          ),
        }}
      />
      <Group justify="space-between">
        <Title order={1}>Contact Details</Title>
        {signsAttestation && <AttestationButton userId={profile.id} />}
      </Group>
      <form noValidate onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder padding="lg">
              <Title order={4} mb="md">
                Contact Information
              </Title>
              <Stack>
                <TextInput label="First Name" {...form.getInputProps('first_name')} />
                <TextInput label="Last Name" {...form.getInputProps('last_name')} />
                <TextInput
                  label="Phone Number"
                  inputMode="tel"
                  autoComplete="tel"
                  {...form.getInputProps('phone_number')}
                />
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  readOnly={linkedSession}
                  description={linkedSession ? LINKED_SESSION_EMAIL_NOTE : undefined}
                  {...form.getInputProps('email')}
                />
                {changesEmail && !linkedSession && (
                  <EmailChangePasswordInput {...form.getInputProps('current_password')} />
                )}
                {showsCompany && <TextInput label="Company" {...form.getInputProps('company')} />}
                {showsTemplateId && (
                  <TextInput
                    label="Template ID"
                    disabled={!me.is_superuser}
                    description={me.is_superuser ? undefined : 'Only the super admin can change it'}
                    {...form.getInputProps('template_id')}
                  />
                )}
                {/* Side by side only where the card is wide enough for '26 Nov 2026, 15:25 UTC' twice: by
                    the card's width (a container query), as the card narrows beside another or on a phone. */}
                <SimpleGrid type="container" cols={{ base: 1, '440px': 2 }}>
                  <TextInput label="Date Joined" value={formatDateTime(profile.date_joined)} readOnly />
                  <TextInput label="Last Login" value={formatDateTime(profile.last_login)} readOnly />
                </SimpleGrid>
              </Stack>
            </Card>
            <Card withBorder padding="lg">
              <Title order={4} mb="md">
                Location
              </Title>
              <Stack>
                <TextInput label="Address" autoComplete="address-line1" {...form.getInputProps('address1')} />
                <TextInput
                  label="Address Line 2"
                  autoComplete="address-line2"
                  {...form.getInputProps('address2')}
                />
                <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
                <TextInput
                  label="State"
                  autoComplete="address-level1"
                  {...form.getInputProps('state_desc')}
                />
                <TextInput
                  label="Country"
                  autoComplete="country-name"
                  {...form.getInputProps('country_desc')}
                />
                <TextInput
                  label="Postal Code"
                  description="Leave blank where not applicable"
                  autoComplete="postal-code"
                  {...form.getInputProps('zip_code')}
                />
              </Stack>
            </Card>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
