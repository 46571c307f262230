/** The six address fields as the API names them (profiles, sign-up, saved locations, label requests). */
export type AddressInput = {
  address1: string;
  address2: string;
  city: string;
  state_desc: string;
  country_desc: string;
  zip_code: string;
};

/** The same address as the columns of users, locations and shipping_label_requests. */
export function addressColumns(input: AddressInput) {
  return {
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    stateDesc: input.state_desc,
    countryDesc: input.country_desc,
    zipCode: input.zip_code,
  };
}
