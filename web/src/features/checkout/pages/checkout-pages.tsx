import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import { parseUrlId } from '@portal/shared/url-integers';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useProduct, useSalesRepExists } from '../api/checkout-api.ts';
import { CheckoutForm } from '../components/checkout-form.tsx';

/**
 * A checkout page: an account without a sales rep sees the dimmed area and why (part 1 §5); a rep
 * that does not exist, or a product that does not, sends the user to the dashboard (part 2 §8).
 */
function CheckoutPage({
  productId,
  title,
  patientSelf = false,
}: {
  productId: number | null;
  title: string;
  patientSelf?: boolean;
}) {
  const user = useSignedInUser();
  const [formKey, setFormKey] = useState(0);
  const rep = useSalesRepExists(user.saless_rep_id);
  const product = useProduct(productId);
  if (productId === null) return <Navigate to="/dashboard" replace />;
  if (user.saless_rep_id === null) {
    return (
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Stack opacity={0.5} aria-disabled>
          <Text>{CHECKOUT_TEXTS.noSalesRep}</Text>
        </Stack>
      </Stack>
    );
  }
  if (rep.data && !rep.data.exists) return <Navigate to="/dashboard" replace />;
  if (product.isError) return <Navigate to="/dashboard" replace />;
  if (!product.data || !rep.data) return <Loader aria-label="Loading the checkout" />;
  const referral =
    !patientSelf &&
    user.membership[0]?.id === MEMBERSHIP.referralHarvestCenter &&
    productId === PRODUCT.processingFee;
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {referral && (
        <Alert color="blue">Referral processing fee: pick the harvest center your patient goes to.</Alert>
      )}
      <CheckoutForm
        key={formKey}
        user={user}
        variant={{ product: product.data, referral, patientSelf }}
        onReset={() => setFormKey((k) => k + 1)}
      />
    </Stack>
  );
}

export function ProcessingFeeCheckoutPage() {
  return <CheckoutPage productId={PRODUCT.processingFee} title="Harvest Center Checkout" />;
}

export function HarvestFeeCheckoutPage() {
  return <CheckoutPage productId={PRODUCT.referralHarvestFee} title="Harvest Center Checkout" />;
}

export function ProductCheckoutPage() {
  const { id } = useParams();
  return <CheckoutPage productId={parseUrlId(id)} title="Checkout Product" />;
}

export function PatientVialsCheckoutPage() {
  return <CheckoutPage productId={PRODUCT.vials} title="Order Your Vials" patientSelf />;
}
