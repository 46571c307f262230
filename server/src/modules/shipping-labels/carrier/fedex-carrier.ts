import type { ShipToAddress } from '../../../config/env.ts';
import { CarrierError, type CreatedShipment, type ShipmentRequest, type ShippingCarrier } from './carrier.ts';

type FedexConfig = {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  accountNumber: string;
  shipTo: ShipToAddress;
};

/** FedEx answers errors as { errors: [{ code, message }] }. */
function fedexErrorText(body: unknown): string {
  const errors = (body as { errors?: { code?: string; message?: string }[] } | null)?.errors;
  return (
    errors
      ?.map((e) => e.message || e.code)
      .filter(Boolean)
      .join('; ') || 'no reason given'
  );
}

/** Two-letter state codes are what FedEx takes; a spelled-out state is sent as typed. */
const countryCode = (country: string) =>
  /^(us|usa|united states( of america)?)$/i.test(country.trim())
    ? 'US'
    : country.trim().slice(0, 2).toUpperCase();

/**
 * The FedEx Ship API: an OAuth client-credentials token (kept until shortly before it expires), then
 * POST /ship/v1/shipments with the label as a PDF. Tests run it against a local fake of these two calls.
 */
export class FedexCarrier implements ShippingCarrier {
  readonly name = 'FedEx';
  readonly #config: FedexConfig;
  #token: { value: string; until: number } | null = null;

  constructor(config: FedexConfig) {
    this.#config = config;
  }

  async #accessToken(): Promise<string> {
    if (this.#token && this.#token.until > Date.now()) return this.#token.value;
    const response = await this.#fetch('/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.#config.clientId,
        client_secret: this.#config.clientSecret,
      }).toString(),
    });
    const body = (await response.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!response.ok || !body?.access_token) {
      throw new CarrierError(`FedEx refused the credentials: ${fedexErrorText(body)}`);
    }
    this.#token = {
      value: body.access_token,
      until: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000,
    };
    return body.access_token;
  }

  async #fetch(path: string, init: { headers: Record<string, string>; body: string }): Promise<Response> {
    try {
      return await fetch(`${this.#config.apiUrl}${path}`, {
        method: 'POST',
        ...init,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new CarrierError('FedEx could not be reached. Please try again in a moment.', { cause: error });
    }
  }

  async createShipment(shipment: ShipmentRequest): Promise<CreatedShipment> {
    const token = await this.#accessToken();
    const { sender } = shipment;
    const to = this.#config.shipTo;
    const response = await this.#fetch('/ship/v1/shipments', {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-locale': 'en_US' },
      body: JSON.stringify({
        labelResponseOptions: 'LABEL',
        accountNumber: { value: this.#config.accountNumber },
        requestedShipment: {
          shipDatestamp: shipment.shipDate,
          pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
          serviceType: 'PRIORITY_OVERNIGHT',
          packagingType: 'YOUR_PACKAGING',
          shipper: {
            contact: {
              personName: sender.name,
              companyName: sender.company,
              phoneNumber: sender.phone,
              emailAddress: sender.email,
            },
            address: {
              streetLines: [sender.address1, sender.address2].filter(Boolean),
              city: sender.city,
              stateOrProvinceCode: sender.state,
              postalCode: sender.zip,
              countryCode: countryCode(sender.country),
            },
          },
          recipients: [
            {
              contact: { personName: to.name, companyName: to.company, phoneNumber: to.phone },
              address: {
                streetLines: [to.address1, to.address2].filter(Boolean),
                city: to.city,
                stateOrProvinceCode: to.state_code,
                postalCode: to.zip,
                countryCode: to.country_code,
              },
            },
          ],
          shippingChargesPayment: { paymentType: 'SENDER' },
          labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_85X11_TOP_HALF_LABEL' },
          customerReferences: [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: shipment.reference }],
          requestedPackageLineItems: [{ weight: { units: 'LB', value: 2 } }],
        },
      }),
    });
    const body = (await response.json().catch(() => null)) as FedexShipResponse | null;
    if (!response.ok) throw new CarrierError(`FedEx refused the shipment: ${fedexErrorText(body)}`);
    const created = body?.output?.transactionShipments?.[0];
    const trackingNumber = created?.masterTrackingNumber;
    const encodedLabel = created?.pieceResponses?.[0]?.packageDocuments?.[0]?.encodedLabel;
    if (!trackingNumber || !encodedLabel) throw new CarrierError('FedEx answered without a label.');
    return {
      trackingNumber,
      trackingLink: `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(trackingNumber)}`,
      labelPdf: Buffer.from(encodedLabel, 'base64'),
    };
  }
}

type FedexShipResponse = {
  output?: {
    transactionShipments?: {
      masterTrackingNumber?: string;
      pieceResponses?: { packageDocuments?: { encodedLabel?: string }[] }[];
    }[];
  };
};
