import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { users } from '../db/schema/accounts.ts';
import { joinPatientRow, patientRow } from '../modules/accounts/account-view.repository.ts';
import type { DocumentsDeps, RequestOrigin } from '../modules/documents/documents-deps.ts';
import { accountAttestationLink, signLinkForDocument } from '../modules/documents/embedded-signing.ts';
import { sendDocuments } from '../modules/documents/send-documents.ts';
import { signDocument } from '../modules/documents/sign-document.ts';
import type { UserRow } from './factories.ts';

const SEED_ORIGIN: RequestOrigin = { ip: '127.0.0.1', userAgent: 'Portal demo seed' };

/** A session-less actor for the seed, as the access gate would build it for this account. */
function actorOf(
  user: Pick<UserRow, 'id' | 'membershipId' | 'email' | 'firstName' | 'lastName' | 'domainId'>,
): Actor {
  return {
    id: user.id,
    membershipId: user.membershipId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isSuperuser: false,
    isAdmin: user.membershipId === MEMBERSHIP.admin || user.membershipId === MEMBERSHIP.adminEquivalent,
    domainId: user.domainId,
    agreementAccepted: true,
    session: {
      tokenId: 0,
      kind: 'login',
      parentTokenId: null,
      actorUserId: null,
      stage: 'complete',
      established: 'password',
    },
  };
}

/** Signs a Pending document the way the signing page does: an embedded link, then the signature. */
async function signAsSigner(deps: DocumentsDeps, opener: Actor, documentId: string, signerName: string) {
  const { signLink } = await signLinkForDocument(deps, opener, documentId);
  const token = new URL(signLink).searchParams.get('token') ?? '';
  await signDocument(
    deps,
    { document_id: documentId, token, consent: true, signature: { type: 'typed', text: signerName } },
    SEED_ORIGIN,
  );
}

/**
 * Documents of the demo (issue 10): the demo HC's own attestation, signed (so its template is set),
 * the demo patient's three agreements and another patient's, signed through the real service
 * (sealed PDFs in the storage), and pending requests for a few more of the HC's patients (their
 * request mails are in the outbox with working links).
 */
export async function seedDemoDocuments(
  deps: DocumentsDeps,
  accounts: { hc: UserRow; patient: UserRow },
): Promise<void> {
  const { db } = deps;
  const hc = actorOf(accounts.hc);
  const attestation = await accountAttestationLink(deps, hc, undefined, SEED_ORIGIN);
  await signAsSigner(deps, hc, attestation.documentId, `${accounts.hc.firstName} ${accounts.hc.lastName}`);

  const others = await joinPatientRow(
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .$dynamic(),
  )
    .where(and(eq(patientRow.harvestCenterId, accounts.hc.id), ne(users.id, accounts.patient.id)))
    .orderBy(asc(users.id))
    .limit(4);
  const signed = [accounts.patient, ...others.slice(0, 1)];
  const pending = others.slice(1);

  for (const patient of [...signed, ...pending]) {
    const name = `${patient.firstName} ${patient.lastName}`;
    const sent = await sendDocuments(
      deps,
      hc,
      { harvest_center_id: accounts.hc.id, name, email: patient.email, patient_id: patient.id },
      SEED_ORIGIN,
    );
    if (signed.includes(patient)) {
      for (const document of sent.documents) await signAsSigner(deps, hc, document.document_id, name);
    }
  }
}
