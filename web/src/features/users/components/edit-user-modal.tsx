import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { ROLE_FIELDS, type TAdminUserUpdate, ZAdminUserUpdate } from '@portal/shared/account-admin';
import { isLoginEmailChange } from '@portal/shared/credential-changes';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { COMPANY_REQUIRED_MESSAGE, isCompanyRequired } from '@portal/shared/profile';
import { TEXT, TIMING } from '@portal/shared/ui-constants';
import type { TUser } from '@portal/shared/users';
import { useEffect, useEffectEvent, useState } from 'react';
import { z } from 'zod';
import { EmailChangePasswordInput } from '../../../components/email-change-password-input.tsx';
import { setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { renderDescribedOption } from '../../../components/remote-option-select.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { type UserOptionList, useUserOptions, useUserTags } from '../api/get-user-choices.ts';
import { useUpdateUser } from '../api/user-actions.ts';

type SalesLink = keyof typeof ROLE_FIELDS;

/** Part 1 §6: the sales link each role carries in the Edit user form. */
const SALES_LINKS: { field: SalesLink; label: string; list: UserOptionList }[] = [
  { field: 'saless_rep_id', label: 'Sales Rep', list: 'sales-reps' },
  { field: 'sales_manager_id', label: 'Sales Manager', list: 'sales-managers' },
  { field: 'sales_distributor_id', label: 'Sales Distributor', list: 'sales-distributors' },
];

/** Centers and their staff are known by their company. */
const COMPANY_MEMBERSHIPS: readonly number[] = [
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.referralHarvestCenter,
  MEMBERSHIP.hcStaff,
];

const selectId = z.string().nullable();

/** The form's values: selects hold strings; the request is built from them on submit. */
function editUserForm(membershipId: number) {
  return ZAdminUserUpdate.extend({
    tags: z.array(z.string()),
    saless_rep_id: selectId,
    sales_manager_id: selectId,
    sales_distributor_id: selectId,
  }).refine((values) => !isCompanyRequired(membershipId) || (values.company ?? '').trim() !== '', {
    message: COMPANY_REQUIRED_MESSAGE,
    path: ['company'],
  });
}

const toSelectValue = (id: number | null) => (id === null ? null : String(id));
const toId = (value: string | null) => (value ? Number(value) : null);

function appliesTo(field: SalesLink, membershipId: number): boolean {
  return (ROLE_FIELDS[field] as readonly number[]).includes(membershipId);
}

function SalesLinkSelect(props: {
  label: string;
  list: UserOptionList;
  inputProps: ReturnType<ReturnType<typeof useSchemaForm>['getInputProps']>;
}) {
  const options = useUserOptions(props.list, true);
  return (
    <Select
      label={props.label}
      data={(options.data ?? []).map((option) => ({ value: String(option.value), label: option.label }))}
      renderOption={renderDescribedOption(options.data ?? [])}
      searchable
      clearable
      placeholder={TEXT.selectPlaceholder}
      nothingFoundMessage={TEXT.selectNothingFound}
      maxDropdownHeight={200}
      {...props.inputProps}
    />
  );
}

export function EditUserModal({ user, onClose }: { user: TUser; onClose: () => void }) {
  const me = useSignedInUser();
  const membershipId = user.membership[0]?.id ?? user.subscription;
  const tags = useUserTags();
  const update = useUpdateUser();
  const [saved, setSaved] = useState(false);
  const showsCompany = COMPANY_MEMBERSHIPS.includes(membershipId) || user.company !== '';
  const showsTemplateId = membershipId === MEMBERSHIP.harvestCenter;
  const links = SALES_LINKS.filter((link) => appliesTo(link.field, membershipId));

  const form = useSchemaForm(editUserForm(membershipId), {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    company: user.company,
    template_id: user.template_id,
    address1: user.address1,
    address2: user.address2,
    city: user.city,
    state_desc: user.state_desc,
    country_desc: user.country_desc,
    zip_code: user.zip_code,
    tags: user.tags.map(String),
    saless_rep_id: toSelectValue(user.saless_rep_id),
    sales_manager_id: toSelectValue(user.sales_manager_id),
    sales_distributor_id: toSelectValue(user.sales_distributor_id),
    current_password: '',
  });
  // An admin's own login e-mail, like anyone's, changes only with their current password.
  const confirmsOwnEmail = user.id === me.id && isLoginEmailChange(form.values.email, user.email);

  // Part 1 §4: 'User has been updated' for 2.5 s, then the modal closes.
  const closeAfterNotice = useEffectEvent(onClose);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(closeAfterNotice, TIMING.editSavedNoticeMs);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = form.onSubmit((values) => {
    const body: TAdminUserUpdate = {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone_number: values.phone_number,
      address1: values.address1,
      address2: values.address2,
      city: values.city,
      state_desc: values.state_desc,
      country_desc: values.country_desc,
      zip_code: values.zip_code,
      tags: values.tags.map(Number),
      ...(showsCompany ? { company: values.company } : {}),
      // Only the super admin may change it; the server refuses it from anyone else.
      ...(showsTemplateId && me.is_superuser ? { template_id: values.template_id } : {}),
      ...(confirmsOwnEmail ? { current_password: values.current_password } : {}),
    };
    for (const link of links) body[link.field] = toId(values[link.field]);
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => {
          setServerErrors(form, error);
          notifyError(errorMessage(error));
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title="Edit user" size="lg" centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First Name" {...form.getInputProps('first_name')} />
            <TextInput label="Last Name" {...form.getInputProps('last_name')} />
            <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            {confirmsOwnEmail && <EmailChangePasswordInput {...form.getInputProps('current_password')} />}
            <TextInput label="Phone Number" inputMode="tel" {...form.getInputProps('phone_number')} />
            {showsCompany && <TextInput label="Company" {...form.getInputProps('company')} />}
            {showsTemplateId && (
              <TextInput
                label="Template ID"
                disabled={!me.is_superuser}
                description={me.is_superuser ? undefined : 'Only the super admin can change it'}
                {...form.getInputProps('template_id')}
              />
            )}
            {links.map((link) => (
              <SalesLinkSelect
                key={link.field}
                label={link.label}
                list={link.list}
                inputProps={form.getInputProps(link.field)}
              />
            ))}
            <TextInput label="Address" {...form.getInputProps('address1')} />
            <TextInput label="Address Line 2" {...form.getInputProps('address2')} />
            <TextInput label="City" {...form.getInputProps('city')} />
            <TextInput label="State" {...form.getInputProps('state_desc')} />
            <TextInput label="Country" {...form.getInputProps('country_desc')} />
            <TextInput label="Postal Code" {...form.getInputProps('zip_code')} />
          </SimpleGrid>
          <MultiSelect
            label="Tags"
            data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
            searchable
            clearable
            placeholder={TEXT.selectPlaceholder}
            nothingFoundMessage={TEXT.selectNothingFound}
            maxDropdownHeight={200}
            {...form.getInputProps('tags')}
          />
          {saved && <Alert color="green">{TEXT.userUpdated}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={saved}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
