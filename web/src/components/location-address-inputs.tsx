import { Select, TextInput } from '@mantine/core';
import { LOCATION_MESSAGES, type TSavedLocation } from '@portal/shared/locations';
import { hasRequiredMark } from './form.tsx';

/** The address fields a saved location has, under the names the location and label payloads share. */
export const LOCATION_ADDRESS_FIELDS = [
  'address1',
  'address2',
  'city',
  'state_desc',
  'country_desc',
  'zip_code',
] as const;
export type AddressField = (typeof LOCATION_ADDRESS_FIELDS)[number];

const LABELS: Record<AddressField, string> = {
  address1: 'Address line 1',
  address2: 'Address line 2',
  city: 'City',
  state_desc: 'State',
  country_desc: 'Country',
  zip_code: 'Postal code',
};

const AUTOCOMPLETE: Record<AddressField, string> = {
  address1: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state_desc: 'address-level1',
  country_desc: 'country-name',
  zip_code: 'postal-code',
};

/** A saved location's address as form values. */
export function addressOfLocation(location: TSavedLocation): Record<AddressField, string> {
  return Object.fromEntries(LOCATION_ADDRESS_FIELDS.map((field) => [field, location[field]])) as Record<
    AddressField,
    string
  >;
}

/** How a saved location reads in a picker: its name, then where it is. */
export function savedLocationLabel(location: TSavedLocation): string {
  return `${location.location_name ? `${location.location_name}: ` : ''}${location.address1}, ${location.city}`;
}

/**
 * The six address inputs of a form whose values use the saved location's names (one schema form's
 * props, which carry the required marks; a form may add to them, e.g. its own postal-code hint).
 */
export function LocationAddressInputs({ inputProps }: { inputProps: (field: AddressField) => object }) {
  return LOCATION_ADDRESS_FIELDS.map((field) => {
    const props = inputProps(field);
    // "Leave blank" only where the form lets it be left blank (a label's postal code is required).
    const blankHint = field === 'zip_code' && !hasRequiredMark(props) ? LOCATION_MESSAGES.zipHelp : undefined;
    return (
      <TextInput
        key={field}
        label={LABELS[field]}
        autoComplete={AUTOCOMPLETE[field]}
        description={blankHint}
        {...props}
      />
    );
  });
}

/** A picker of the account's saved locations that hands the chosen one's address to the form. */
export function SavedLocationPicker({
  locations,
  onPick,
}: {
  locations: TSavedLocation[];
  onPick: (address: Record<AddressField, string>) => void;
}) {
  return (
    <Select
      label="Saved location"
      placeholder={locations.length ? 'Choose a saved location' : 'No saved locations'}
      data={locations.map((l) => ({ value: String(l.id), label: savedLocationLabel(l) }))}
      disabled={locations.length === 0}
      clearable
      onChange={(id) => {
        const location = locations.find((l) => String(l.id) === id);
        if (location) onPick(addressOfLocation(location));
      }}
    />
  );
}
