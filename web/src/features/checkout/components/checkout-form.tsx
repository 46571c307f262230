import {
  Accordion,
  Alert,
  Button,
  Card,
  Grid,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type TSessionUser, ZEmail } from '@portal/shared/auth';
import {
  CHECKOUT_TEXTS,
  computeCheckoutTotals,
  MAX_ORDER_QUANTITY,
  productNeedsPatient,
  productShips,
  type TCheckoutBody,
} from '@portal/shared/checkout';
import { todayIsoDate } from '@portal/shared/dates';
import type { TProduct } from '@portal/shared/products';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePatientOptions } from '../../../components/centers/center-queries.ts';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { useShownErrors } from '../../../components/form.tsx';
import { errorsUnder, errorsWithPrefix } from '../../../components/form-validation.ts';
import {
  type AddressDraft,
  AddressFields,
  addressErrors,
  addressFromLocation,
} from '../../../components/payment/address-fields.tsx';
import {
  type CardDraft,
  CardFields,
  cardErrors,
  cardForTokenizer,
  EMPTY_CARD,
} from '../../../components/payment/card-fields.tsx';
import { tokenizeCard, useSavedCards, useSavedLocations } from '../../../components/payment/payment-api.ts';
import { NEW_CARD, SavedCardChoice } from '../../../components/payment/saved-card-choice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type CheckoutEndpoint, submitCheckout, useHarvestCenterChoices } from '../api/checkout-api.ts';
import { FailureDialog, ProcessingDialog, SuccessDialog } from './checkout-dialogs.tsx';
import { CouponField, type CouponState } from './coupon-field.tsx';
import { OrderSummary } from './order-summary.tsx';
import {
  EMPTY_NEW_PATIENT,
  type NewPatientDraft,
  newPatientErrors,
  ReferralPatientFields,
} from './referral-patient-fields.tsx';

const EMPTY_ADDRESS: AddressDraft = {
  company: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  country_desc: '',
  country_code: '',
  zip_code: '',
};

const SELECT_HARVEST_CENTER = 'Please select a harvest center';
const FIELDS_IN_ERROR = 'Please check the fields marked in red.';
const MAX_PHONE_LENGTH = 30;

/** The center's contact fields, as the server checks them (shared/checkout.ts): blank, or a valid e-mail. */
function contactErrors(contact: { hcEmail: string; billingEmail: string; phone: string }) {
  const email = (value: string) =>
    value.trim() && !ZEmail.safeParse(value).success ? 'Enter a valid e-mail address' : undefined;
  return {
    hc_email: email(contact.hcEmail),
    billing_email: email(contact.billingEmail),
    phone: contact.phone.length > MAX_PHONE_LENGTH ? `At most ${MAX_PHONE_LENGTH} characters` : undefined,
  };
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'processing' }
  | { kind: 'success'; invoiceId: number | null; totalCents: number | null }
  | { kind: 'failure'; title: string; body: string };

export type CheckoutVariant = {
  product: TProduct;
  /** The referral processing-fee form of an RHC. */
  referral: boolean;
  /** A patient ordering its own vials. */
  patientSelf: boolean;
};

/**
 * One checkout form for the four checkouts (part 2 §2): the center's details, billing and shipping
 * with saved locations, the patient or the referral's new patient, coupon, payment option and the
 * order summary. The total shown is the shared rule's; the server computes it again.
 */
export function CheckoutForm({
  user,
  variant,
  onReset,
}: {
  user: TSessionUser;
  variant: CheckoutVariant;
  onReset: () => void;
}) {
  const { product, referral, patientSelf } = variant;
  const queryClient = useQueryClient();
  const isReferralCenter = !patientSelf && user.membership[0]?.id === 5;
  const cards = useSavedCards(user.id);
  const locations = useSavedLocations(user.id);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const [hcEmail, setHcEmail] = useState(user.email);
  const [billingEmail, setBillingEmail] = useState(user.email);
  const [phone, setPhone] = useState(user.phone_number);
  const [billing, setBilling] = useState<AddressDraft>({ ...EMPTY_ADDRESS, company: user.company });
  const [shipping, setShipping] = useState<AddressDraft>({ ...EMPTY_ADDRESS, company: user.company });
  const [quantity, setQuantity] = useState<number>(1);
  const [shippingDate, setShippingDate] = useState<string | null>(todayIsoDate());
  const [shipIt, setShipIt] = useState<'yes' | 'no'>('yes');
  const [patientId, setPatientId] = useState<string | null>(null);
  const [patientSearch, setPatientSearch] = useState('');
  const [debouncedPatientSearch] = useDebouncedValue(patientSearch, 300);
  const [harvestCenterId, setHarvestCenterId] = useState<string | null>(null);
  const [newPatient, setNewPatient] = useState<NewPatientDraft>(EMPTY_NEW_PATIENT);
  const [harvestFee, setHarvestFee] = useState<'yes' | 'no'>('no');
  const [coupon, setCoupon] = useState<CouponState>({ status: 'unchecked' });
  const [couponCode, setCouponCode] = useState('');
  const [payment, setPayment] = useState<string | null>(null);
  const [card, setCard] = useState<CardDraft>(EMPTY_CARD);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const checks = useShownErrors();

  const ships = productShips(product.id);
  const needsPatient = productNeedsPatient(product.id);
  // Any order may name the patient it is for (products 2 and 14 must); the referral names a new one or an existing one.
  const showPatientPicker = !patientSelf && !(referral && newPatient.create);
  const patients = usePatientOptions(user.id, isReferralCenter, debouncedPatientSearch, showPatientPicker);
  const centers = useHarvestCenterChoices(referral);

  // The default saved card is listed first and preselected; the default location fills the addresses.
  useEffect(() => {
    if (payment === null && cards.data) setPayment(cards.data[0]?.payment_profile_id ?? NEW_CARD);
  }, [cards.data, payment]);
  useEffect(() => {
    const first = locations.data?.[0];
    if (!first) return;
    setBilling((b) => (b.address1 ? b : addressFromLocation(first, user.company)));
    setShipping((s) => (s.address1 ? s : addressFromLocation(first, user.company)));
  }, [locations.data, user.company]);

  const totals = computeCheckoutTotals({
    unitPriceCents: product.price_cents,
    quantity,
    productShippingFeeCents: product.shipping_fee_cents,
    shipping: ships && shipIt === 'yes',
    harvestFee: referral && harvestFee === 'yes',
    couponDiscountCents: coupon.status === 'valid' ? coupon.discountCents : 0,
  });
  // Every problem, found again at each render from the values as they are (keys are the inputs' data-path):
  // an error clears as soon as its field is fixed, and the notices below the summary with it.
  const found = {
    ...errorsWithPrefix('choice', {
      harvest_center: referral && harvestCenterId === null ? SELECT_HARVEST_CENTER : undefined,
      patient:
        needsPatient && !patientSelf && patientId === null && !newPatient.create
          ? CHECKOUT_TEXTS.selectPatient
          : undefined,
    }),
    ...errorsWithPrefix('contact', contactErrors({ hcEmail, billingEmail, phone })),
    ...errorsWithPrefix('patient', newPatientErrors(newPatient)),
    ...errorsWithPrefix('billing', addressErrors(billing)),
    ...errorsWithPrefix('shipping', ships && shipIt === 'yes' ? addressErrors(shipping) : {}),
    ...errorsWithPrefix('card', payment === NEW_CARD ? cardErrors(card) : {}),
  };
  const shown = checks.shown(found);
  const choiceErrors = errorsUnder('choice', shown);
  const fieldsInError = Object.keys(shown).some((path) => !path.startsWith('choice.'));

  const orderCenterId = referral
    ? harvestCenterId
      ? Number(harvestCenterId)
      : null
    : isReferralCenter
      ? null
      : user.id;

  async function submit(form: HTMLFormElement) {
    if (!checks.submit(found, form)) return;
    setPhase({ kind: 'processing' });
    try {
      const opaque_data =
        payment === NEW_CARD && totals.totalCents > 0 ? await tokenizeCard(cardForTokenizer(card)) : null;
      const body: TCheckoutBody = {
        idempotency_key: idempotencyKey,
        product_id: product.id,
        product_quantity: quantity,
        patient_id: patientSelf ? user.id : patientId ? Number(patientId) : null,
        harvest_center_temporal: referral && harvestCenterId ? Number(harvestCenterId) : null,
        rhc_transaction: isReferralCenter,
        create_patient: referral && newPatient.create,
        first_name: newPatient.first_name.trim(),
        last_name: newPatient.last_name.trim(),
        email: newPatient.email.trim(),
        phone_number: newPatient.phone_number.trim(),
        required_signature: newPatient.create && newPatient.required_signature,
        harvest_fee: referral && harvestFee === 'yes',
        shipping_fee: ships ? shipIt : 'no',
        shipping_date: ships ? shippingDate : null,
        coupon_code: coupon.status === 'valid' ? couponCode.trim() : '',
        harvest_center_email: hcEmail.trim(),
        harvest_center_billing_email: billingEmail.trim(),
        harvest_center_phone: phone.trim(),
        addressInfo: billing,
        shippingInfo: ships && shipIt === 'yes' ? shipping : null,
        auth_customer_payment_profile_id: payment !== NEW_CARD && totals.totalCents > 0 ? payment : null,
        credit_card: opaque_data ? { full_name: card.full_name.trim(), opaque_data } : null,
        total_amount_cents: totals.totalCents,
      };
      const endpoint: CheckoutEndpoint = patientSelf
        ? 'patient-self'
        : body.create_patient
          ? 'referral-patient'
          : 'center';
      const answer = await submitCheckout(endpoint, body);
      setIdempotencyKey(crypto.randomUUID());
      if (answer.code === 'success') {
        setPhase({ kind: 'success', invoiceId: answer.invoice_id, totalCents: answer.total_amount_cents });
        void queryClient.invalidateQueries({ queryKey: ['checkout', 'history'] });
      } else {
        setPhase({ kind: 'failure', title: answer.message, body: answer.error_message });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        // Refused before any charge: the same order may be sent again with a new key.
        setIdempotencyKey(crypto.randomUUID());
        // A coupon refused at checkout (used up meanwhile…) gets its red mark and its reason too.
        const couponReason = error.fieldErrors.coupon_code;
        if (couponReason) setCoupon({ status: 'invalid', message: couponReason });
        const details = Object.values(error.fieldErrors)
          .filter((text) => text !== error.message)
          .join(' ');
        setPhase({
          kind: 'failure',
          title: CHECKOUT_TEXTS.failedTitle,
          body: [error.message, details].filter(Boolean).join(' '),
        });
      } else {
        setPhase({
          kind: 'failure',
          title: CHECKOUT_TEXTS.failedTitle,
          body: error instanceof Error ? error.message : 'The order could not be sent. Please try again.',
        });
      }
    }
  }

  return (
    <form
      noValidate
      {...checks.formProps}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
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
                    value={hcEmail}
                    error={shown['contact.hc_email']}
                    onChange={(e) => setHcEmail(e.currentTarget.value)}
                  />
                  <TextInput
                    label="Billing e-mail"
                    type="email"
                    data-path="contact.billing_email"
                    value={billingEmail}
                    error={shown['contact.billing_email']}
                    onChange={(e) => setBillingEmail(e.currentTarget.value)}
                  />
                  <TextInput
                    label="Phone"
                    inputMode="tel"
                    data-path="contact.phone"
                    value={phone}
                    error={shown['contact.phone']}
                    onChange={(e) => setPhone(e.currentTarget.value)}
                  />
                </SimpleGrid>
              </Stack>
            </Card>

            {(referral || showPatientPicker) && (
              <Card withBorder padding="lg">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    Patient
                  </Title>
                  {referral && (
                    <Select
                      label="Patient harvest center"
                      placeholder="Select a harvest center"
                      required
                      data-path="choice.harvest_center"
                      error={choiceErrors.harvest_center}
                      data={(centers.data ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
                      value={harvestCenterId}
                      onChange={setHarvestCenterId}
                      searchable
                      nothingFoundMessage="No results found"
                    />
                  )}
                  {referral && (
                    <ReferralPatientFields
                      value={newPatient}
                      errors={errorsUnder('patient', shown)}
                      onChange={setNewPatient}
                    />
                  )}
                  {showPatientPicker && (
                    <Select
                      label={CHECKOUT_TEXTS.selectPatientLabel}
                      placeholder="Search a patient"
                      required={needsPatient}
                      data-path="choice.patient"
                      error={choiceErrors.patient}
                      data={(patients.data ?? []).map((p) => ({ value: String(p.id), label: p.label }))}
                      value={patientId}
                      onChange={setPatientId}
                      searchable
                      searchValue={patientSearch}
                      onSearchChange={setPatientSearch}
                      clearable
                      nothingFoundMessage="No results found"
                    />
                  )}
                  {referral && (
                    <Radio.Group
                      label={CHECKOUT_TEXTS.harvestFee}
                      value={harvestFee}
                      onChange={(v) => setHarvestFee(v as 'yes' | 'no')}
                    >
                      <Stack gap={4} mt={4}>
                        <Radio value="yes" label="Yes" />
                        <Radio value="no" label="No" />
                      </Stack>
                    </Radio.Group>
                  )}
                </Stack>
              </Card>
            )}

            <Card withBorder padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Order
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label="Product" value={product.name} readOnly />
                  <NumberInput
                    label="Quantity"
                    min={1}
                    max={MAX_ORDER_QUANTITY}
                    allowDecimal={false}
                    value={quantity}
                    onChange={(v) => setQuantity(Math.min(MAX_ORDER_QUANTITY, Math.max(1, Number(v) || 1)))}
                  />
                  {ships && (
                    <DatePickerField
                      label="Shipping date"
                      value={shippingDate}
                      onChange={(v) => setShippingDate(v ? String(v) : null)}
                      minDate={todayIsoDate()}
                    />
                  )}
                  {ships && product.shipping_fee_cents > 0 && (
                    <Radio.Group
                      label="Shipping"
                      value={shipIt}
                      onChange={(v) => setShipIt(v as 'yes' | 'no')}
                    >
                      <Stack gap={4} mt={4}>
                        <Radio value="yes" label="Ship it (shipping fee)" />
                        <Radio value="no" label="No shipping" />
                      </Stack>
                    </Radio.Group>
                  )}
                </SimpleGrid>
                <CouponField
                  productId={product.id}
                  harvestCenterId={orderCenterId}
                  state={coupon}
                  onChange={(state, code) => {
                    setCoupon(state);
                    setCouponCode(code);
                  }}
                />
              </Stack>
            </Card>

            <Accordion multiple defaultValue={['billing', 'shipping']} variant="separated">
              <Accordion.Item value="billing">
                <Accordion.Control>Billing address</Accordion.Control>
                <Accordion.Panel>
                  <AddressFields
                    label="Billing"
                    value={billing}
                    errors={errorsUnder('billing', shown)}
                    locations={locations.data ?? []}
                    onChange={setBilling}
                  />
                </Accordion.Panel>
              </Accordion.Item>
              {ships && (
                <Accordion.Item value="shipping">
                  <Accordion.Control>Shipping address</Accordion.Control>
                  <Accordion.Panel>
                    <AddressFields
                      label="Shipping"
                      value={shipping}
                      errors={errorsUnder('shipping', shown)}
                      locations={locations.data ?? []}
                      onChange={setShipping}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              )}
            </Accordion>

            <Card withBorder padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Payment
                </Title>
                <SavedCardChoice cards={cards.data ?? []} value={payment ?? NEW_CARD} onChange={setPayment} />
                {payment === NEW_CARD && (
                  <CardFields value={card} errors={errorsUnder('card', shown)} onChange={setCard} />
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="lg" pos="sticky" top={16}>
            <Stack>
              <OrderSummary unitPriceCents={product.price_cents} quantity={quantity} totals={totals} />
              {/* Each problem in its own words; each goes when it is solved, and none hides another. */}
              {Object.values(choiceErrors).map((message) => (
                <Alert key={message} color="red" role="alert">
                  {message}
                </Alert>
              ))}
              {fieldsInError && (
                <Alert color="red" role="alert">
                  {FIELDS_IN_ERROR}
                </Alert>
              )}
              {phase.kind !== 'processing' && (
                <Button type="submit" size="md">
                  {CHECKOUT_TEXTS.proceed}
                </Button>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {phase.kind === 'processing' && <ProcessingDialog />}
      {phase.kind === 'success' && (
        <SuccessDialog invoiceId={phase.invoiceId} totalCents={phase.totalCents} onClose={onReset} />
      )}
      {phase.kind === 'failure' && (
        <FailureDialog title={phase.title} body={phase.body} onClose={() => setPhase({ kind: 'idle' })} />
      )}
    </form>
  );
}
