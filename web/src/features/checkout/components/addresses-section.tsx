import { Accordion } from '@mantine/core';
import type { TSavedLocation } from '@portal/shared/locations';
import { errorsUnder } from '../../../components/form-validation.ts';
import { AddressFields } from '../../../components/payment/address-fields.tsx';
import type { CheckoutDraft, SetDraftField } from './checkout-draft.ts';
import type { ShownErrors } from './checkout-order.ts';

/** The billing address, and the shipping one when the product ships; each can start from a saved location. */
export function AddressesSection({
  ships,
  draft,
  locations,
  errors,
  set,
}: {
  ships: boolean;
  draft: CheckoutDraft;
  locations: TSavedLocation[];
  /** Every shown error by data-path: this section shows 'billing.*' and 'shipping.*'. */
  errors: ShownErrors;
  set: SetDraftField;
}) {
  return (
    <Accordion multiple defaultValue={['billing', 'shipping']} variant="separated">
      <Accordion.Item value="billing">
        <Accordion.Control>Billing address</Accordion.Control>
        <Accordion.Panel>
          <AddressFields
            label="Billing"
            value={draft.billing}
            errors={errorsUnder('billing', errors)}
            locations={locations}
            onChange={(address) => set('billing', address)}
          />
        </Accordion.Panel>
      </Accordion.Item>
      {ships && (
        <Accordion.Item value="shipping">
          <Accordion.Control>Shipping address</Accordion.Control>
          <Accordion.Panel>
            <AddressFields
              label="Shipping"
              value={draft.shipping}
              errors={errorsUnder('shipping', errors)}
              locations={locations}
              onChange={(address) => set('shipping', address)}
            />
          </Accordion.Panel>
        </Accordion.Item>
      )}
    </Accordion>
  );
}
