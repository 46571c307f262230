import type { TSessionUser } from '@portal/shared/auth';
import type { TSavedPaymentOption } from '@portal/shared/cards';
import { todayIsoDate } from '@portal/shared/dates';
import type { TSavedLocation } from '@portal/shared/locations';
import { type SetStateAction, useEffect, useReducer } from 'react';
import { type AddressDraft, addressFromLocation } from '../../../components/payment/address-fields.tsx';
import { type CardDraft, EMPTY_CARD } from '../../../components/payment/card-fields.tsx';
import { NEW_CARD } from '../../../components/payment/saved-card-choice.tsx';
import type { CouponState } from './coupon-field.tsx';
import { EMPTY_NEW_PATIENT, type NewPatientDraft } from './referral-patient-fields.tsx';

/*
 * The checkout's one form state: every value the sections show and edit, in one object changed
 * through one reducer. The sections receive the draft and `set`; none keeps a value of the order in
 * a state of its own. What follows from the draft (errors, totals, the body sent) is checkout-order.ts.
 */

export type YesNo = 'yes' | 'no';

export type CheckoutDraft = {
  contact: { hcEmail: string; billingEmail: string; phone: string };
  billing: AddressDraft;
  shipping: AddressDraft;
  quantity: number;
  shippingDate: string | null;
  shipIt: YesNo;
  /** The patient picker's choice, and the text typed to search it. */
  patientId: string | null;
  patientSearch: string;
  /** The referral's harvest center, its new patient and its 'Harvest Fee'. */
  harvestCenterId: string | null;
  newPatient: NewPatientDraft;
  harvestFee: YesNo;
  coupon: CouponState;
  couponCode: string;
  /** A saved card's payment profile id or NEW_CARD; null until the saved cards are known. */
  payment: string | null;
  card: CardDraft;
};

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

export function initialDraft(user: TSessionUser): CheckoutDraft {
  return {
    contact: { hcEmail: user.email, billingEmail: user.email, phone: user.phone_number },
    billing: { ...EMPTY_ADDRESS, company: user.company },
    shipping: { ...EMPTY_ADDRESS, company: user.company },
    quantity: 1,
    shippingDate: todayIsoDate(),
    shipIt: 'yes',
    patientId: null,
    patientSearch: '',
    harvestCenterId: null,
    newPatient: EMPTY_NEW_PATIENT,
    harvestFee: 'no',
    coupon: { status: 'unchecked' },
    couponCode: '',
    payment: null,
    card: EMPTY_CARD,
  };
}

type SetField<K extends keyof CheckoutDraft> = {
  type: 'set';
  field: K;
  value: SetStateAction<CheckoutDraft[K]>;
};

export type CheckoutAction =
  | { [K in keyof CheckoutDraft]: SetField<K> }[keyof CheckoutDraft]
  /** The default saved location fills the addresses not filled yet. */
  | { type: 'savedLocationsLoaded'; first: TSavedLocation; company: string }
  /** The default saved card (listed first) is preselected, or a new card without one. */
  | { type: 'savedCardsLoaded'; firstPaymentProfileId: string | undefined };

export function checkoutReducer(draft: CheckoutDraft, action: CheckoutAction): CheckoutDraft {
  switch (action.type) {
    case 'set': {
      const { field, value } = action;
      const next =
        typeof value === 'function' ? (value as (current: unknown) => unknown)(draft[field]) : value;
      return { ...draft, [field]: next };
    }
    case 'savedLocationsLoaded': {
      const fill = (address: AddressDraft) =>
        address.address1 ? address : addressFromLocation(action.first, action.company);
      return { ...draft, billing: fill(draft.billing), shipping: fill(draft.shipping) };
    }
    case 'savedCardsLoaded':
      return draft.payment === null ? { ...draft, payment: action.firstPaymentProfileId ?? NEW_CARD } : draft;
  }
}

/** How a section changes one value of the draft: a value, or a function of the current one. */
export type SetDraftField = <K extends keyof CheckoutDraft>(
  field: K,
  value: SetStateAction<CheckoutDraft[K]>,
) => void;

/**
 * The draft, its setter, and the defaults the account's saved cards and locations bring once they
 * are loaded: the default card (listed first) preselected, the default location in the addresses.
 */
export function useCheckoutDraft(
  user: TSessionUser,
  savedCards: TSavedPaymentOption[] | undefined,
  savedLocations: TSavedLocation[] | undefined,
): { draft: CheckoutDraft; set: SetDraftField } {
  const [draft, dispatch] = useReducer(checkoutReducer, user, initialDraft);
  useEffect(() => {
    if (savedCards)
      dispatch({ type: 'savedCardsLoaded', firstPaymentProfileId: savedCards[0]?.payment_profile_id });
  }, [savedCards]);
  useEffect(() => {
    const first = savedLocations?.[0];
    if (first) dispatch({ type: 'savedLocationsLoaded', first, company: user.company });
  }, [savedLocations, user.company]);
  // A field and its value's type go together (K); the union of actions cannot say so for a generic K.
  const set: SetDraftField = (field, value) => dispatch({ type: 'set', field, value } as CheckoutAction);
  return { draft, set };
}
