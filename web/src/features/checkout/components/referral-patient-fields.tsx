import { Checkbox, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import { PHONE_MESSAGE, PHONE_REQUIRED_MESSAGE } from '@portal/shared/form-fields';
import type { Dispatch, SetStateAction } from 'react';
import { emailExists } from '../api/checkout-api.ts';

export type NewPatientDraft = {
  create: boolean;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  required_signature: boolean;
  emailTaken: boolean;
};
export const EMPTY_NEW_PATIENT: NewPatientDraft = {
  create: false,
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  required_signature: false,
  emailTaken: false,
};
export type NewPatientErrors = Partial<Record<'first_name' | 'last_name' | 'email' | 'phone_number', string>>;

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Part 2 §5: first and last name, e-mail and phone (digits) are required when creating the patient. */
export function newPatientErrors(patient: NewPatientDraft): NewPatientErrors {
  if (!patient.create) return {};
  const errors: NewPatientErrors = {};
  if (!patient.first_name.trim()) errors.first_name = 'First name is required';
  if (!patient.last_name.trim()) errors.last_name = 'Last name is required';
  if (!LOOKS_LIKE_EMAIL.test(patient.email.trim())) errors.email = 'Enter a valid e-mail address';
  else if (patient.emailTaken) errors.email = EMAIL_TAKEN_MESSAGE;
  if (!patient.phone_number.trim()) errors.phone_number = PHONE_REQUIRED_MESSAGE;
  else if (!/^\+?[0-9\s().-]+$/.test(patient.phone_number.trim())) errors.phone_number = PHONE_MESSAGE;
  return errors;
}

/** 'Create Patient Account' of the referral form, with 'Required Signature'. */
export function ReferralPatientFields({
  value,
  errors,
  onChange,
}: {
  value: NewPatientDraft;
  errors: NewPatientErrors;
  onChange: Dispatch<SetStateAction<NewPatientDraft>>;
}) {
  const set = <K extends keyof NewPatientDraft>(key: K, v: NewPatientDraft[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <Stack gap="sm">
      <Switch
        label={CHECKOUT_TEXTS.createPatient}
        checked={value.create}
        onChange={(e) => set('create', e.currentTarget.checked)}
      />
      {value.create && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Patient first name"
              required
              data-path="patient.first_name"
              value={value.first_name}
              error={errors.first_name}
              onChange={(e) => set('first_name', e.currentTarget.value)}
            />
            <TextInput
              label="Patient last name"
              required
              data-path="patient.last_name"
              value={value.last_name}
              error={errors.last_name}
              onChange={(e) => set('last_name', e.currentTarget.value)}
            />
            <TextInput
              label="Patient e-mail"
              type="email"
              required
              data-path="patient.email"
              value={value.email}
              error={errors.email ?? (value.emailTaken ? EMAIL_TAKEN_MESSAGE : undefined)}
              onChange={(e) => onChange({ ...value, email: e.currentTarget.value, emailTaken: false })}
              onBlur={async (e) => {
                const email = e.currentTarget.value.trim();
                // Part 2 §5: checked on blur when the text looks like an e-mail.
                if (LOOKS_LIKE_EMAIL.test(email)) {
                  const taken = await emailExists(email).catch(() => false);
                  // The answer may come after more typing: it applies only to the address it was asked about.
                  onChange((current) =>
                    current.email.trim() === email ? { ...current, emailTaken: taken } : current,
                  );
                }
              }}
            />
            <TextInput
              label="Patient phone"
              inputMode="tel"
              required
              data-path="patient.phone_number"
              value={value.phone_number}
              error={errors.phone_number}
              onChange={(e) => set('phone_number', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Checkbox
            label={CHECKOUT_TEXTS.requiredSignature}
            description="Sends the agreements to the patient's e-mail for signature"
            checked={value.required_signature}
            onChange={(e) => set('required_signature', e.currentTarget.checked)}
          />
        </>
      )}
    </Stack>
  );
}
