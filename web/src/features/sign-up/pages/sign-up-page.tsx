import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  PASSWORD_HINT,
  POSTAL_CODE_HINT,
  SIGN_UP_CREATED_TITLE,
  SIGN_UP_FAILED_MESSAGE,
  SIGN_UP_FORMS,
  SIGN_UP_WAITING_TEXT,
  type SignUpForm,
  type SignUpFormKind,
  signUpRequirements,
  type TAccountSignUp,
  ZAccountSignUp,
} from '@portal/shared/sign-up';
import { useMutation } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormAlert, hasRequiredMark, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { QueryLoadError } from '../../../components/load-error.tsx';
import { LocationAddressInputs } from '../../../components/location-address-inputs.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { checkSignUpPassword, signUp, useSignUpLink } from '../api/sign-up-api.ts';
import { AttestationStep, type SignedAttestation } from '../components/attestation-step.tsx';

/** What the form holds: the schema's input (the link's ids are added on submit). */
type Values = Omit<
  z.input<typeof ZAccountSignUp>,
  'saless_rep_id' | 'hc_id' | 'staff_hc_ids' | 'join_token' | 'pass'
>;
type LinkParams = { srid?: string; hcid?: string; token?: string; pass?: string };

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * The query parameters a form reads (part 2 §2; hcid comes with the center's join token): anything
 * else in the address is ignored.
 */
function useLinkParams(form: SignUpForm): LinkParams {
  const [params] = useSearchParams();
  const read = (name: 'srid' | 'hcid' | 'pass') =>
    form.needs.includes(name) || form.accepts?.includes(name as 'hcid')
      ? (params.get(name) ?? undefined)
      : undefined;
  const hcid = read('hcid');
  return {
    srid: read('srid'),
    hcid,
    token: hcid ? (params.get('token') ?? undefined) : undefined,
    pass: read('pass'),
  };
}

/**
 * One of the seven public sign-up forms (part 2 §2, §3, §5). The link's parameters are checked
 * first: a missing or unknown one sends the visitor to the guest route.
 */
function SignUpPage({ form }: { form: SignUpForm }) {
  const link = useLinkParams(form);
  const check = useSignUpLink(form.kind, link);
  if (check.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (check.isError) return <QueryLoadError query={check} what="this sign-up form" />;
  if (!check.data.valid) return <Navigate to="/" replace />;
  return <SignUpFields form={form} link={link} harvestCenter={check.data.harvest_center} />;
}

function emptyValues(form: SignUpForm): Values {
  return {
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    subscription: form.subscription as Values['subscription'],
    address1: '',
    address2: '',
    city: '',
    state_desc: '',
    country_desc: '',
    zip_code: '',
    company: '',
    phone_number: '',
    template_id: '',
    document_id: '',
    website: '',
  };
}

function SignUpFields(props: { form: SignUpForm; link: LinkParams; harvestCenter: string | null }) {
  const { form: kind, link } = props;
  const needs = signUpRequirements(kind.subscription);
  const signsAttestation = kind.kind === 'harvest-center';
  const form = useSchemaForm(ZAccountSignUp, emptyValues(kind));
  const [step, setStep] = useState<1 | 2>(1);
  const [attestation, setAttestation] = useState<SignedAttestation | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (values: Partial<TAccountSignUp>) =>
      signUp({
        ...values,
        ...(attestation ?? {}),
        saless_rep_id: idOf(link.srid),
        hc_id: kind.kind === 'referral-harvest-center' ? idOf(link.hcid) : undefined,
        staff_hc_ids: kind.kind === 'hc-staff' && idOf(link.hcid) ? [Number(link.hcid)] : undefined,
        join_token: link.token,
        pass: link.pass,
      }),
    onSuccess: (result) => {
      setCreated(result.data.email);
      notifySuccess('Check your e-mail.');
      form.reset();
      setAttestation(null);
      setStep(1);
    },
    onError: (error) => {
      setServerErrors(form, error);
      notifyError(SIGN_UP_FAILED_MESSAGE);
    },
  });
  // Step 1's password is checked before the attestation is signed, and refused on its field: after
  // signing, the field is out of sight (issue 42).
  const next = useMutation({
    mutationFn: (password: string) => checkSignUpPassword(password),
    onSuccess: () => setStep(2),
    onError: (error) => setServerErrors(form, error),
  });
  const fieldErrorsOnly =
    submit.error instanceof ApiError && Object.keys(submit.error.fieldErrors).length > 0;
  const onStepOne = signsAttestation && step === 1;

  return (
    <AuthCard title={kind.title}>
      {props.harvestCenter && (
        <Text ta="center" mb="md">
          Joining <strong>{props.harvestCenter}</strong>
        </Text>
      )}
      <form
        onSubmit={form.onSubmit((values) => {
          if (onStepOne) next.mutate(values.password ?? '');
          // Nothing to send before the signing service has the attestation signed (its button waits too).
          else if (!signsAttestation || attestation) submit.mutate(values);
        })}
      >
        <Stack>
          <Box hidden={!onStepOne && signsAttestation}>
            <Stack>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput
                  label="First Name"
                  autoComplete="given-name"
                  {...form.getInputProps('first_name')}
                />
                <TextInput
                  label="Last Name"
                  autoComplete="family-name"
                  {...form.getInputProps('last_name')}
                />
              </SimpleGrid>
              <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
              <PasswordInput
                label="Password"
                description={PASSWORD_HINT}
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
              {needs.company && (
                <>
                  <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
                  <TextInput
                    label="Clinic Phone"
                    type="tel"
                    autoComplete="tel"
                    {...form.getInputProps('phone_number')}
                  />
                </>
              )}
              {/* The marks follow the account type's rules in the schema (part 2 §5). */}
              <LocationAddressInputs
                inputProps={(field) => {
                  const props = form.getInputProps(field);
                  return field === 'zip_code' && !hasRequiredMark(props)
                    ? { ...props, description: POSTAL_CODE_HINT }
                    : props;
                }}
              />
              {/* Hidden from people and screen readers; a form filler that fills it is refused. */}
              <Box
                aria-hidden
                style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
              >
                <TextInput
                  label="Website"
                  tabIndex={-1}
                  autoComplete="off"
                  {...form.getInputProps('website')}
                />
              </Box>
            </Stack>
          </Box>
          {signsAttestation && step === 2 && (
            <AttestationStep
              signer={{
                name: `${form.values.first_name} ${form.values.last_name}`.trim(),
                email: form.values.email,
              }}
              onSigned={setAttestation}
            />
          )}
          {!fieldErrorsOnly && <FormAlert error={submit.error} />}
          <Group justify={signsAttestation && step === 2 ? 'space-between' : 'flex-end'}>
            {signsAttestation && step === 2 && (
              <Button variant="default" onClick={() => setStep(1)}>
                Back
              </Button>
            )}
            {onStepOne ? (
              <Button type="submit" loading={next.isPending}>
                Next
              </Button>
            ) : (
              <Button type="submit" loading={submit.isPending} disabled={signsAttestation && !attestation}>
                {signsAttestation && !attestation ? SIGN_UP_WAITING_TEXT : 'Submit'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={SIGN_UP_CREATED_TITLE}
        centered
      >
        <Stack>
          {/* The same for a new address and one that already has an account (the server answers both
              alike and mails the owner): nothing here says which it was. */}
          <Text>
            We sent a message to <strong>{created}</strong>: open it to confirm your e-mail address, then sign
            in. If this address already has an account, the message says so instead.
          </Text>
          {props.harvestCenter && (
            <Text>
              {props.harvestCenter} is asked to approve your request to join it. Until it does, you have no
              access to its records; we will tell you by e-mail.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCreated(null)}>
              Close
            </Button>
            <Button component={Link} to="/">
              Login Page
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AuthCard>
  );
}

/** One page component per form, for the route table. */
export const SIGN_UP_PAGES = Object.fromEntries(
  Object.values(SIGN_UP_FORMS).map((form) => [form.kind, () => <SignUpPage form={form} />]),
) as unknown as Record<SignUpFormKind, ComponentType>;
