import type {
  TCardForTokenizer,
  TOpaqueData,
  TPaymentOptionsResponse,
  TSavedPaymentOption,
  TTokenizerConfig,
} from '@portal/shared/cards';
import type { TSavedLocation } from '@portal/shared/locations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Query keys of an account's saved cards and locations (the checkout and the account screens share them). */
export const PAYMENT_KEYS = {
  cards: (userId: number) => ['payment', 'cards', userId] as const,
  locations: (userId: number) => ['payment', 'locations', userId] as const,
};

/** The account's saved cards, the default first (POST v1/billing-profiles/get-profile/). */
export function useSavedCards(userId: number) {
  return useQuery<TSavedPaymentOption[]>({
    queryKey: PAYMENT_KEYS.cards(userId),
    queryFn: () =>
      api
        .post<TPaymentOptionsResponse>('/api/v1/billing-profiles/get-profile/', { user_id: userId })
        .then((answer) => answer.payments),
  });
}

/** The account's saved locations, the default first. */
export function useSavedLocations(userId: number) {
  return useQuery<TSavedLocation[]>({
    queryKey: PAYMENT_KEYS.locations(userId),
    queryFn: () => api.get<TSavedLocation[]>(`/api/v1/locations/user/${userId}/`),
  });
}

type AcceptJs = {
  dispatchData(
    data: {
      authData: { apiLoginID: string; clientKey: string };
      cardData: { cardNumber: string; month: string; year: string; cardCode: string; fullName?: string };
    },
    callback: (response: {
      messages: { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
      opaqueData?: { dataDescriptor: string; dataValue: string };
    }) => void,
  ): void;
};

let acceptJs: Promise<AcceptJs> | undefined;

/** Accept.js, loaded once from Authorize.net when that gateway is configured. */
function loadAcceptJs(url: string): Promise<AcceptJs> {
  acceptJs ??= new Promise<AcceptJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => {
      const accept = (window as unknown as { Accept?: AcceptJs }).Accept;
      if (accept) resolve(accept);
      else reject(new Error('The card service did not load. Please try again.'));
    };
    script.onerror = () => {
      acceptJs = undefined;
      reject(new Error('The card service could not be reached. Please try again.'));
    };
    document.head.append(script);
  });
  return acceptJs;
}

/**
 * Hands the card to the gateway's tokenizer and answers the opaque token: the card number and CVC
 * go nowhere else (the portal's API only ever sees the token).
 */
export async function tokenizeCard(card: TCardForTokenizer): Promise<TOpaqueData> {
  const config = await api.post<TTokenizerConfig>('/api/auth/authorizenet/');
  if (config.gateway === 'sandbox') return api.post<TOpaqueData>(config.tokenize_url, card);
  const accept = await loadAcceptJs(config.accept_js_url);
  const [year, month] = card.expiration_date.split('-');
  return new Promise<TOpaqueData>((resolve, reject) => {
    accept.dispatchData(
      {
        authData: { apiLoginID: config.api_login_id, clientKey: config.client_key },
        cardData: { cardNumber: card.card_number, month, year, cardCode: card.cvc, fullName: card.full_name },
      },
      (response) => {
        if (response.messages.resultCode === 'Ok' && response.opaqueData) {
          resolve({
            data_descriptor: response.opaqueData.dataDescriptor,
            data_value: response.opaqueData.dataValue,
          });
        } else {
          reject(
            new Error(response.messages.message.map((m) => m.text).join(' ') || 'The card was refused.'),
          );
        }
      },
    );
  });
}
