import { Card, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { errorsUnder } from '../../../components/form-validation.ts';
import type { CheckoutDraft, SetDraftField } from './checkout-draft.ts';
import type { ShownErrors } from './checkout-order.ts';

/** Who orders: the center's (or the patient's own) name, e-mails and phone. */
export function ContactSection({
  user,
  patientSelf,
  contact,
  errors,
  set,
}: {
  user: TSessionUser;
  patientSelf: boolean;
  contact: CheckoutDraft['contact'];
  /** Every shown error by data-path: this section shows 'contact.*'. */
  errors: ShownErrors;
  set: SetDraftField;
}) {
  const setContact = (key: keyof CheckoutDraft['contact'], value: string) =>
    set('contact', (current) => ({ ...current, [key]: value }));
  const contactErrors = errorsUnder('contact', errors);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {patientSelf ? 'Your details' : 'Harvest center'}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={patientSelf ? 'Name' : 'Harvest center name'}
            value={user.company || `${user.first_name} ${user.last_name}`}
            readOnly
          />
          <TextInput
            label={patientSelf ? 'E-mail' : 'Harvest center e-mail'}
            type="email"
            data-path="contact.hc_email"
            value={contact.hcEmail}
            error={contactErrors.hc_email}
            onChange={(e) => setContact('hcEmail', e.currentTarget.value)}
          />
          <TextInput
            label="Billing e-mail"
            type="email"
            data-path="contact.billing_email"
            value={contact.billingEmail}
            error={contactErrors.billing_email}
            onChange={(e) => setContact('billingEmail', e.currentTarget.value)}
          />
          <TextInput
            label="Phone"
            inputMode="tel"
            data-path="contact.phone"
            value={contact.phone}
            error={contactErrors.phone}
            onChange={(e) => setContact('phone', e.currentTarget.value)}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
