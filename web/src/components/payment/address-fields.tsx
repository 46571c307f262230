import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { TCheckoutAddress } from '@portal/shared/checkout';
import { LOCATION_MESSAGES, type TSavedLocation } from '@portal/shared/locations';
import { savedLocationLabel } from '../location-address-inputs.tsx';

/** An address as the checkout sends it (addressInfo / shippingInfo). */
export type AddressDraft = TCheckoutAddress;
export type AddressErrors = Partial<Record<keyof AddressDraft, string>>;

export function addressFromLocation(location: TSavedLocation, company: string): AddressDraft {
  return {
    company,
    address1: location.address1,
    address2: location.address2,
    city: location.city,
    state: location.state_desc,
    country_desc: location.country_desc,
    country_code: '',
    zip_code: location.zip_code,
  };
}

export function addressErrors(address: AddressDraft): AddressErrors {
  const errors: AddressErrors = {};
  if (!address.address1.trim()) errors.address1 = 'Address line 1 is required';
  if (!address.city.trim()) errors.city = 'City is required';
  if (!address.state.trim()) errors.state = 'State is required';
  if (!address.country_desc.trim()) errors.country_desc = 'Country is required';
  return errors;
}

/** A saved-location picker that fills the fields below it (part 2 §2). */
export function AddressFields({
  label,
  value,
  errors,
  locations,
  onChange,
}: {
  label: string;
  value: AddressDraft;
  errors: AddressErrors;
  locations: TSavedLocation[];
  onChange: (next: AddressDraft) => void;
}) {
  const set = (key: keyof AddressDraft, v: string) => onChange({ ...value, [key]: v });
  // Named as the page keys the errors ('billing.city'): the first in error takes the focus on submit.
  const path = (key: keyof AddressDraft) => ({ 'data-path': `${label.toLowerCase()}.${key}` });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={`${label}: saved location`}
        placeholder={locations.length ? 'Choose a saved location' : 'No saved locations'}
        data={locations.map((l) => ({
          value: String(l.id),
          label: savedLocationLabel(l),
        }))}
        disabled={locations.length === 0}
        clearable
        onChange={(id) => {
          const location = locations.find((l) => String(l.id) === id);
          if (location) onChange(addressFromLocation(location, value.company));
        }}
      />
      <TextInput
        label="Address line 1"
        required
        {...path('address1')}
        value={value.address1}
        error={errors.address1}
        onChange={(e) => set('address1', e.currentTarget.value)}
      />
      <TextInput
        label="Address line 2"
        {...path('address2')}
        value={value.address2}
        onChange={(e) => set('address2', e.currentTarget.value)}
      />
      <TextInput
        label="City"
        required
        {...path('city')}
        value={value.city}
        error={errors.city}
        onChange={(e) => set('city', e.currentTarget.value)}
      />
      <TextInput
        label="State"
        required
        {...path('state')}
        value={value.state}
        error={errors.state}
        onChange={(e) => set('state', e.currentTarget.value)}
      />
      <TextInput
        label="Country"
        required
        {...path('country_desc')}
        value={value.country_desc}
        error={errors.country_desc}
        onChange={(e) => set('country_desc', e.currentTarget.value)}
      />
      <TextInput
        label="Postal code"
        description={LOCATION_MESSAGES.zipHelp}
        {...path('zip_code')}
        value={value.zip_code}
        onChange={(e) => set('zip_code', e.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
