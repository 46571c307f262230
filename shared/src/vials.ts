import { z } from 'zod';
import { ZIsoDate } from './dates.ts';
import { PAGE_SIZE } from './ui-constants.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * Vials of a patient (part 1 §3-§4). A record is one movement: 'added' vials become available,
 * 'shipped' vials leave the available stock and count as shipped. The patient's totals
 * (users.vials_available / vials_shipped) always equal the sum of the records; the server changes
 * both in one transaction (docs/decisions/005-vial-writes.md).
 *
 * Who writes: admins (7, 10) and lab accounts (1, 11) for patients of their processing lab.
 * Who reads: everyone who may see the patient (the patient, its HC, RHC, sales chain, lab, admins).
 */
export const VIAL_TYPES = ['added', 'shipped'] as const;
export const ZVialType = z.enum(VIAL_TYPES);
export type TVialType = z.infer<typeof ZVialType>;

export const VIAL_TYPE_LABELS: Record<TVialType, string> = { added: 'Added', shipped: 'Shipped' };

const ZQuantity = z
  .number({ message: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(0, 'Quantity must be 0 or more')
  .max(100_000, 'Quantity is too large');
const ZNote = z.string().trim().max(2000, 'At most 2000 characters');
const ZTrackingId = z.string().trim().max(200, 'At most 200 characters');

export const TRACKING_ID_REQUIRED_MESSAGE = 'A tracking id is required for shipped vials';

/** A vial record as the API returns it. */
export const ZVialRecord = z.object({
  id: z.number().int(),
  /** The patient's user id. */
  user: z.number().int(),
  type: ZVialType,
  quantity: z.number().int(),
  /** 'YYYY-MM-DD' */
  date: z.string(),
  note: z.string(),
  /** Shipped records only; '' on added records. */
  tracking_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TVialRecord = z.infer<typeof ZVialRecord>;

/** POST /api/v1/vials-history/ */
export const ZVialRecordCreate = z
  .object({
    user: z.number().int().positive(),
    type: ZVialType,
    quantity: ZQuantity,
    date: ZIsoDate,
    note: ZNote.default(''),
    tracking_id: ZTrackingId.default(''),
  })
  .refine((v) => v.type !== 'shipped' || v.tracking_id.length > 0, {
    message: TRACKING_ID_REQUIRED_MESSAGE,
    path: ['tracking_id'],
  });
export type TVialRecordCreate = z.infer<typeof ZVialRecordCreate>;

/**
 * PATCH /api/v1/vials-history/{id}/: any of the fields; the record stays with its patient.
 * The tracking id rule is checked on the merged record by the server (the same message).
 */
export const ZVialRecordUpdate = z.object({
  type: ZVialType.optional(),
  quantity: ZQuantity.optional(),
  date: ZIsoDate.optional(),
  note: ZNote.optional(),
  tracking_id: ZTrackingId.optional(),
});
export type TVialRecordUpdate = z.infer<typeof ZVialRecordUpdate>;

/** GET /api/v1/vials-history/user/{id}/?limit=5&offset=0 (newest first). */
export const ZVialsHistoryQuery = z.object({
  limit: zUrlInteger(1, 500).default(PAGE_SIZE.vialHistory),
  offset: zUrlInteger(0, 10_000_000).default(0),
});

export const ZVialTotals = z.object({
  vials_available: z.number().int(),
  vials_shipped: z.number().int(),
});
export type TVialTotals = z.infer<typeof ZVialTotals>;

export const ZVialsHistoryResponse = ZVialTotals.extend({
  /** Vials the lab is still preparing (a lab-tracking field, not a movement). */
  vials_preparation: z.number().int(),
  /** Number of records in total (for 'Page X of Y'); vials_history holds one page. */
  count: z.number().int(),
  vials_history: z.array(ZVialRecord),
  /** Whether the caller may add or edit records of this patient. */
  can_edit: z.boolean(),
});
export type TVialsHistoryResponse = z.infer<typeof ZVialsHistoryResponse>;

/** Answer of POST and PATCH: the record and the patient's totals after the change. */
export const ZVialWriteResponse = ZVialTotals.extend({
  message: z.string(),
  data: ZVialRecord,
});
export type TVialWriteResponse = z.infer<typeof ZVialWriteResponse>;

export const VIAL_RECORD_ADDED_MESSAGE = 'Vials record has been added!';
export const VIAL_RECORD_UPDATED_MESSAGE = 'Record has been updated!';

export function notEnoughVialsMessage(available: number, requested: number): string {
  return `Cannot ship ${requested} vial${requested === 1 ? '' : 's'}: only ${available} available.`;
}
export const TOTALS_BELOW_ZERO_MESSAGE =
  'This change would leave the patient with fewer than 0 vials available or shipped. Record the shipment changes first.';

type Movement = { type: TVialType; quantity: number };

/** What one record contributes to the totals. */
export function vialRecordEffect(record: Movement | null): { available: number; shipped: number } {
  if (!record) return { available: 0, shipped: 0 };
  return record.type === 'added'
    ? { available: record.quantity, shipped: 0 }
    : { available: -record.quantity, shipped: record.quantity };
}

/**
 * How the totals change when a record goes from `before` to `after` (null = it does not exist):
 * creating is (null → record), editing is (old → new) and adjusts by the difference.
 */
export function vialTotalsDelta(
  before: Movement | null,
  after: Movement | null,
): { available: number; shipped: number } {
  const a = vialRecordEffect(after);
  const b = vialRecordEffect(before);
  return { available: a.available - b.available, shipped: a.shipped - b.shipped };
}

/** The totals a list of records adds up to (tests and the demo seed check the stored totals with it). */
export function sumVialRecords(records: readonly Movement[]): TVialTotals {
  let available = 0;
  let shipped = 0;
  for (const record of records) {
    const effect = vialRecordEffect(record);
    available += effect.available;
    shipped += effect.shipped;
  }
  return { vials_available: available, vials_shipped: shipped };
}
