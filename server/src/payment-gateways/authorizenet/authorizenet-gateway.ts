import type { TOpaqueData, TTokenizerConfig } from '@portal/shared/cards';
import { centsToDecimalString } from '@portal/shared/products';
import type { PaymentsConfig } from '../../config/env.ts';
import {
  type CardSummary,
  type ChargeInput,
  type ChargeResult,
  type DeclineReason,
  type GatewayAddress,
  type GatewayCustomer,
  type PaymentGateway,
  PaymentGatewayUnavailableError,
  type PaymentProfileResult,
} from '../payment-gateway.ts';

type AuthorizeNetConfig = Extract<PaymentsConfig, { gateway: 'authorizenet' }>;

type ApiMessages = { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
type ApiResponse = { messages: ApiMessages } & Record<string, unknown>;

type TransactionResponse = {
  responseCode?: string;
  authCode?: string;
  transId?: string;
  accountNumber?: string;
  accountType?: string;
  cvvResultCode?: string;
  errors?: { errorCode: string; errorText: string }[];
};

const REQUEST_TIMEOUT_MS = 30_000;

/** Authorize.net's response and error codes that mean something to the buyer. */
function declineReasonOf(code: string | undefined, cvvResultCode: string | undefined): DeclineReason {
  if (cvvResultCode === 'N') return 'cvc_mismatch';
  switch (code) {
    case '8':
    case 'E00127':
      return 'expired';
    case '6':
    case '37':
    case 'E00027':
      return 'invalid_card';
    case '27':
    case '65':
      return 'declined';
    case 'E00114':
    case 'E00117':
      return 'invalid_token';
    default:
      return 'declined';
  }
}

/** "XXXX1111" -> "1111". */
function last4(masked: string | undefined): string {
  return (masked ?? '').replace(/\D/g, '').slice(-4);
}

function billToOf(address: GatewayAddress | undefined) {
  if (!address) return undefined;
  return {
    firstName: address.firstName?.slice(0, 50),
    lastName: address.lastName?.slice(0, 50),
    company: address.company?.slice(0, 50),
    address: address.address.slice(0, 60),
    city: address.city.slice(0, 40),
    state: address.state.slice(0, 40),
    zip: address.zip.slice(0, 20),
    country: address.country.slice(0, 60),
  };
}

/**
 * Authorize.net through its JSON API (customer profiles, payment profiles from Accept.js opaque data,
 * charges, voids). Field order follows their schema, which the JSON API enforces. Tested against a
 * local fake of the API; never called by the test suite.
 */
export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorizenet' as const;

  private readonly config: AuthorizeNetConfig;

  constructor(config: AuthorizeNetConfig) {
    this.config = config;
  }

  tokenizerConfig(): TTokenizerConfig {
    return {
      gateway: 'authorizenet',
      accept_js_url: this.config.acceptJsUrl,
      api_login_id: this.config.apiLoginId,
      client_key: this.config.clientKey,
    };
  }

  async createCustomerProfile(customer: GatewayCustomer): Promise<{ customerProfileId: string }> {
    const response = await this.call('createCustomerProfileRequest', {
      profile: {
        merchantCustomerId: String(customer.userId),
        description: customer.description.slice(0, 255),
        email: customer.email,
      },
    });
    const id = response.customerProfileId;
    if (response.messages.resultCode !== 'Ok' || typeof id !== 'string') {
      throw new PaymentGatewayUnavailableError(
        `Authorize.net refused the customer profile: ${messageOf(response)}`,
      );
    }
    return { customerProfileId: id };
  }

  async createPaymentProfile(input: {
    customerProfileId: string;
    opaqueData: TOpaqueData;
    cardHolder: string;
    billTo?: GatewayAddress;
  }): Promise<PaymentProfileResult> {
    const [firstName, ...rest] = input.cardHolder.split(' ');
    const response = await this.call('createCustomerPaymentProfileRequest', {
      customerProfileId: input.customerProfileId,
      paymentProfile: {
        billTo: billToOf(input.billTo) ?? { firstName, lastName: rest.join(' ') },
        payment: { opaqueData: opaqueDataOf(input.opaqueData) },
      },
      validationMode: 'liveMode',
    });
    const paymentProfileId = response.customerPaymentProfileId;
    if (response.messages.resultCode !== 'Ok' || typeof paymentProfileId !== 'string') {
      const first = response.messages.message[0];
      return {
        ok: false,
        reason: declineReasonOf(first?.code, undefined),
        message: first?.text ?? 'The card was declined.',
      };
    }
    const profile = await this.call('getCustomerPaymentProfileRequest', {
      customerProfileId: input.customerProfileId,
      customerPaymentProfileId: paymentProfileId,
      unmaskExpirationDate: true,
    });
    const creditCard = (
      profile.paymentProfile as { payment?: { creditCard?: Record<string, string> } } | undefined
    )?.payment?.creditCard;
    const card: CardSummary = {
      brand: creditCard?.cardType ?? '',
      last4: last4(creditCard?.cardNumber),
      expiration: /^\d{4}-\d{2}$/.test(creditCard?.expirationDate ?? '')
        ? (creditCard?.expirationDate as string)
        : '',
      holder: input.cardHolder,
    };
    return { ok: true, paymentProfileId, card };
  }

  async deletePaymentProfile(input: { customerProfileId: string; paymentProfileId: string }): Promise<void> {
    const response = await this.call('deleteCustomerPaymentProfileRequest', {
      customerProfileId: input.customerProfileId,
      customerPaymentProfileId: input.paymentProfileId,
    });
    // E00040: already gone at the gateway; the portal's record can go too.
    if (response.messages.resultCode !== 'Ok' && response.messages.message[0]?.code !== 'E00040') {
      throw new PaymentGatewayUnavailableError(`Authorize.net refused the delete: ${messageOf(response)}`);
    }
  }

  async charge(input: ChargeInput): Promise<ChargeResult> {
    const source = input.source;
    const response = await this.call('createTransactionRequest', {
      transactionRequest: {
        transactionType: 'authCaptureTransaction',
        amount: centsToDecimalString(input.amountCents),
        ...(source.kind === 'token'
          ? { payment: { opaqueData: opaqueDataOf(source.opaqueData) } }
          : {
              profile: {
                customerProfileId: source.customerProfileId,
                paymentProfile: { paymentProfileId: source.paymentProfileId },
              },
            }),
        order: {
          invoiceNumber: input.orderReference.slice(0, 20),
          description: input.description.slice(0, 255),
        },
        ...(input.customerEmail ? { customer: { email: input.customerEmail } } : {}),
        ...(source.kind === 'token' && input.billTo ? { billTo: billToOf(input.billTo) } : {}),
      },
    });
    const transaction = response.transactionResponse as TransactionResponse | undefined;
    if (transaction?.responseCode === '1' && transaction.transId) {
      return {
        approved: true,
        gatewayTransactionId: transaction.transId,
        authCode: transaction.authCode ?? '',
        card: {
          brand: transaction.accountType ?? '',
          last4: last4(transaction.accountNumber),
          expiration: '',
          holder: source.kind === 'token' ? source.cardHolder : '',
        },
      };
    }
    const error = transaction?.errors?.[0];
    const apiMessage = response.messages.message[0];
    if (!transaction && apiMessage && !apiMessage.code.startsWith('E00')) {
      throw new PaymentGatewayUnavailableError(`Authorize.net: ${messageOf(response)}`);
    }
    const reason = declineReasonOf(error?.errorCode ?? apiMessage?.code, transaction?.cvvResultCode);
    return {
      approved: false,
      reason,
      message: error?.errorText ?? apiMessage?.text ?? 'The card was declined.',
    };
  }

  async voidCharge(gatewayTransactionId: string): Promise<void> {
    const response = await this.call('createTransactionRequest', {
      transactionRequest: { transactionType: 'voidTransaction', refTransId: gatewayTransactionId },
    });
    const transaction = response.transactionResponse as TransactionResponse | undefined;
    if (transaction?.responseCode !== '1') {
      throw new PaymentGatewayUnavailableError(
        `Authorize.net did not void ${gatewayTransactionId}: ${messageOf(response)}`,
      );
    }
  }

  /** One JSON API call; their answers start with a byte-order mark. */
  private async call(requestName: string, body: Record<string, unknown>): Promise<ApiResponse> {
    const payload = {
      [requestName]: {
        merchantAuthentication: { name: this.config.apiLoginId, transactionKey: this.config.transactionKey },
        ...body,
      },
    };
    let text: string;
    try {
      const response = await fetch(this.config.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } catch (cause) {
      throw new PaymentGatewayUnavailableError('Authorize.net could not be reached', { cause });
    }
    try {
      const parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as ApiResponse;
      if (!parsed.messages || !Array.isArray(parsed.messages.message)) throw new Error('no messages');
      return parsed;
    } catch (cause) {
      throw new PaymentGatewayUnavailableError('Authorize.net answered something unreadable', { cause });
    }
  }
}

function opaqueDataOf(data: TOpaqueData) {
  return { dataDescriptor: data.data_descriptor, dataValue: data.data_value };
}

function messageOf(response: ApiResponse): string {
  return response.messages.message.map((m) => `${m.code} ${m.text}`).join('; ');
}
