import type { TAccountSignUp, TAccountSignUpResponse } from '@portal/shared/sign-up';
import type { RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import {
  checkAttestationOfSignUp,
  claimAttestationOfSignUp,
} from '../../modules/documents/embedded-signing.ts';
import {
  hashSignUpPassword,
  recordSignUp,
  refuseRobotSignUp,
  signUpAnswer,
} from '../../modules/sign-up/sign-up.service.ts';
import { type FlowLog, runFlow, step } from '../steps.ts';

export type OpenAccountDeps = {
  db: Db;
  publicUrl: string;
  /** Sends queued mail now rather than at the worker's next poll. */
  wakeMail(): void;
  log: FlowLog;
};

type SignUpContext = RequestContext & { domainId: number | null };

const refuseRobots = step(
  'refuse a robot',
  (input: { db: Db; body: TAccountSignUp; context: SignUpContext }) =>
    refuseRobotSignUp(input.db, input.body, input.context),
);

const hashPassword = step('hash the password', (body: TAccountSignUp) => hashSignUpPassword(body));

/**
 * One transaction: the account and its links (sign-up), and for a new harvest center the attestation
 * it signed before signing up, claimed as its own (documents). Either both are kept or neither. An
 * address that already had an account makes nothing (its owner is mailed): the attestation is then
 * checked as it would be claimed, so a refusal does not tell the two apart.
 */
const recordAccount = step(
  'record the account',
  (input: { deps: OpenAccountDeps; body: TAccountSignUp; passwordHash: string; context: SignUpContext }) =>
    input.deps.db.transaction(async (tx) => {
      const recorded = await recordSignUp(tx, input.body, input.passwordHash, {
        ...input.context,
        publicUrl: input.deps.publicUrl,
      });
      if (recorded.attestation) {
        if (recorded.kind === 'created') await claimAttestationOfSignUp(tx, recorded.attestation);
        else await checkAttestationOfSignUp(tx, recorded.attestation);
      }
      return recorded;
    }),
);

const wakeMailWorker = step('wake the mail worker', async (deps: OpenAccountDeps) => deps.wakeMail());

/**
 * POST /api/v1/harvest-centers/ without a session: the seven public sign-up forms. The account
 * cannot sign in before its e-mail address is confirmed (the mail is queued with the account). A
 * taken address gets the same answer (its owner gets a notice instead): the forms tell nobody
 * whether an address has an account.
 */
export async function openAccount(
  deps: OpenAccountDeps,
  body: TAccountSignUp,
  context: SignUpContext,
): Promise<TAccountSignUpResponse> {
  return runFlow(deps.log, async (run) => {
    await run(refuseRobots, { db: deps.db, body, context });
    const passwordHash = await run(hashPassword, body);
    const recorded = await run(recordAccount, { deps, body, passwordHash, context });
    await run.afterCommit(wakeMailWorker, deps);
    // The same answer whether the address was new or taken (the mail says which).
    return signUpAnswer(body.email, recorded.membershipId);
  });
}
