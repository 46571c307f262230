import { z } from 'zod';

/**
 * The private membership agreement every non-admin accepts at first visit (part 1 §1, §4).
 * Until then the API answers 403 with this code on every route not needed to accept it.
 */
export const AGREEMENT_REQUIRED_CODE = 'agreement_required';
export const AGREEMENT_REQUIRED_MESSAGE = 'Please accept the private membership agreement to continue.';

/**
 * Sent with PATCH /api/v1/users/{id}/ when the box is ticked and Continue pressed: the moment it
 * was ticked (ISO string or epoch ms). The server records its own clock.
 */
export const ZCheckAgreement = z.union([z.string().min(1).max(64), z.number(), z.literal(true)]);

/** GET /api/v1/utilities/check-agreement/{id}/ */
export const ZAgreementStatus = z.object({ agreement: z.boolean() });
export type TAgreementStatus = z.infer<typeof ZAgreementStatus>;
