import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';

/**
 * Records on a harvest-center-type account (4, 9) the attestation it signed: `template_id` (the
 * template its patients' attestations are made from, part 1 §4: the profile stops offering "Sign
 * Attestation Document") and `document_id` (the signed document). Written here because accounts is
 * the only writer of users (docs/decisions/007); called by the documents module when such a
 * signing completes.
 */
export async function recordSignedAttestation(
  db: Db,
  userId: number,
  input: { templateId: string; documentId: string },
): Promise<void> {
  await db
    .update(users)
    .set({ templateId: input.templateId, documentId: input.documentId })
    .where(eq(users.id, userId));
}
