import { z } from 'zod';
import { ZPageQuery, zPage } from './paging.ts';

/** Admin view of the mail outbox: what the portal sent, is sending, or failed to send. */
export const ZOutboxQuery = ZPageQuery.extend({
  status: z.enum(['pending', 'sent', 'failed']).optional(),
  search: z.string().trim().max(200).optional(),
});

export const ZOutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string(),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

export const ZOutboxMailDetail = ZOutboxMail.extend({ text: z.string(), reply_to: z.string() });
export type TOutboxMailDetail = z.infer<typeof ZOutboxMailDetail>;

export const ZOutboxPage = zPage(ZOutboxMail);
