import type { CarrierConfig } from '../../../config/env.ts';
import type { ShippingCarrier } from './carrier.ts';
import { FedexCarrier } from './fedex-carrier.ts';

/** The configured carrier, or none: labels are then added by hand (the spec's way). */
export function createCarrier(config: CarrierConfig): ShippingCarrier | null {
  return config?.fedex ? new FedexCarrier(config.fedex) : null;
}
