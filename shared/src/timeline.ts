import { z } from 'zod';
import { formatDisplayDate } from './dates.ts';

/** A patient's story in one view (issue 16): the stage it is at and every event, oldest first. */

export const TIMELINE_EVENT_KINDS = [
  'account',
  'document',
  'tissue',
  'lab',
  'vials',
  'order',
  'label',
  'change',
] as const;
export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number];

export const ZTimelineEvent = z.object({
  /** An ISO time, or a date (YYYY-MM-DD) for what the record keeps by day. */
  at: z.string(),
  kind: z.enum(TIMELINE_EVENT_KINDS),
  title: z.string(),
  detail: z.string(),
  /** Who did it, when the portal knows. */
  who: z.string().nullable(),
  /** Where its record is: a portal page, a file of the API, or a carrier's tracking page. */
  link: z.string().nullable(),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

export const PATIENT_STAGES = ['registered', 'in-transit', 'processing', 'ready', 'shipped'] as const;
export type PatientStage = (typeof PATIENT_STAGES)[number];

export const ZPatientStage = z.object({
  key: z.enum(PATIENT_STAGES),
  label: z.string(),
  next: z.string().nullable(),
});
export type TPatientStage = z.infer<typeof ZPatientStage>;

export const ZPatientTimeline = z.object({
  patient: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  stage: ZPatientStage,
  events: z.array(ZTimelineEvent),
});
export type TPatientTimeline = z.infer<typeof ZPatientTimeline>;

export type StageRecord = {
  dateAdiposeShippedToLab: string | null;
  dateAdiposeReceivedByLab: string | null;
  estimatedDateVialsReadyToShip: string | null;
  dateVialsReadyToShip: string | null;
  vialsAvailable: number;
  vialsShipped: number;
};

/** Where the patient's tissue is, and what comes next, from the lab record (the furthest step wins). */
export function patientStage(record: StageRecord): TPatientStage {
  if (record.vialsShipped > 0) {
    // Some still stored: the message says how many left, not that the vials have gone.
    if (record.vialsAvailable > 0) {
      const shipped = record.vialsShipped;
      const left = record.vialsAvailable;
      return {
        key: 'shipped',
        label: `${shipped} of your vials ${shipped === 1 ? 'has' : 'have'} been shipped`,
        next: left === 1 ? '1 vial remains in storage.' : `${left} vials remain in storage.`,
      };
    }
    return { key: 'shipped', label: 'Your vials have been shipped', next: null };
  }
  if (record.dateVialsReadyToShip) {
    return {
      key: 'ready',
      label: `Your vials are ready since ${formatDisplayDate(record.dateVialsReadyToShip)}`,
      next: 'They are stored until you order them shipped.',
    };
  }
  if (record.dateAdiposeReceivedByLab) {
    return {
      key: 'processing',
      label: 'Your vials are being prepared',
      next: record.estimatedDateVialsReadyToShip
        ? `Estimated ready on ${formatDisplayDate(record.estimatedDateVialsReadyToShip)}.`
        : 'The lab sets the expected date once processing starts.',
    };
  }
  if (record.dateAdiposeShippedToLab) {
    return {
      key: 'in-transit',
      label: `Your tissue was shipped to the lab on ${formatDisplayDate(record.dateAdiposeShippedToLab)}`,
      next: 'The lab confirms when it arrives.',
    };
  }
  return {
    key: 'registered',
    label: 'Your account is set up',
    next: 'After the harvest, your harvest center ships your tissue to the lab.',
  };
}
