import type { THarvestCenterCreate, ZHarvestCenterCreateResponse } from '@portal/shared/harvest-centers';
import type { z } from 'zod';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';

/**
 * What the sign-up routes need from other modules, wired in app.ts: the documents module gives a
 * sign-up attestation to the new HC; the harvest-centers module makes an HC for a signed-in admin
 * or rep (the same path, POST /api/v1/harvest-centers/, part 1 §7).
 */
export type SignUpDeps = {
  db: Db;
  publicUrl: string;
  signUpRateLimit: number;
  wakeMail: () => void;
  claimSignupAttestation: (
    tx: Db,
    input: { documentId: string; templateId: string; email: string; userId: number },
  ) => Promise<boolean>;
  createHarvestCenter: (
    actor: Actor,
    body: THarvestCenterCreate,
    context: RequestContext,
  ) => Promise<z.infer<typeof ZHarvestCenterCreateResponse>>;
};
