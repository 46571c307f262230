/** A courier that makes a shipment and answers its label (the FedEx Ship API here; others could follow). */
export interface ShippingCarrier {
  readonly name: string;
  createShipment(shipment: ShipmentRequest): Promise<CreatedShipment>;
}

/** Who sends the box (the harvest center, as its label request says). */
export type ShipmentRequest = {
  reference: string;
  shipDate: string;
  sender: {
    name: string;
    company: string;
    phone: string;
    email: string;
    address1: string;
    address2: string;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
};

export type CreatedShipment = { trackingNumber: string; trackingLink: string; labelPdf: Uint8Array };

/** The carrier refused or could not be reached: the admin sees why, nothing is saved. */
export class CarrierError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CarrierError';
  }
}
