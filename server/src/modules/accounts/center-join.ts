import type { TJoinKind } from '@portal/shared/join-requests';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import { linkRhcToHarvestCenter, linkStaffToHarvestCenter } from './account-writes.repository.ts';
import { markJoinRequestDecided } from './center-join.repository.ts';

/*
 * Joining a harvest center (docs/decisions/027-consent-to-join-a-center.md). A staff member who
 * signs up through the center's link, or an RHC that names it, only asks: the request waits for the
 * center or an admin, and only an approved request becomes a link (hc_staff_links, rhc_hc_links),
 * which is what every scope reads. The link itself carries a token the center can renew.
 */

/**
 * Decides a pending request in the caller's transaction; an approval makes the link. Returns false
 * when the request was no longer pending (decided meanwhile).
 */
export async function decideJoinRequest(
  db: Db,
  request: { id: number; kind: TJoinKind; requesterId: number; harvestCenterId: number },
  decision: 'approved' | 'declined',
  deciderId: number,
): Promise<boolean> {
  if (!(await markJoinRequestDecided(db, request.id, decision, deciderId))) return false;
  if (decision === 'approved') {
    if (request.kind === 'staff')
      await linkStaffToHarvestCenter(db, request.requesterId, request.harvestCenterId);
    else await linkRhcToHarvestCenter(db, request.requesterId, request.harvestCenterId);
  }
  return true;
}

const JOIN_AS: Record<TJoinKind, string> = {
  staff: 'as staff',
  rhc: 'as an associated referral harvest center',
};

/** Tells the center, in the caller's transaction, that someone asks to join it. */
export async function queueJoinRequestedMail(
  db: Db,
  request: {
    kind: TJoinKind;
    requester: { firstName: string; lastName: string; email: string; company: string };
    center: { email: string; company: string };
  },
  publicUrl: string,
): Promise<void> {
  const { requester: who, center: hc } = request;
  const name = `${who.firstName} ${who.lastName}`.trim() || who.email;
  await enqueueMail(db, {
    to: hc.email,
    subject: `${name} asks to join ${hc.company}`,
    text: [
      `${name} (${who.email}${who.company ? `, ${who.company}` : ''}) signed up on Portal and asks to join ${hc.company} ${JOIN_AS[request.kind]}.`,
      '',
      'Nothing of your center is shared until you approve. Approve or decline the request on your Staff page:',
      `${publicUrl}/staff-view`,
      '',
      'If you do not know this person, decline the request.',
    ].join('\n'),
  });
}

/** Tells the requester, in the caller's transaction, what the center decided. */
export async function queueJoinDecidedMail(
  db: Db,
  request: { kind: TJoinKind; requesterEmail: string; harvestCenterCompany: string },
  decision: 'approved' | 'declined',
  publicUrl: string,
): Promise<void> {
  const approved = decision === 'approved';
  await enqueueMail(db, {
    to: request.requesterEmail,
    subject: `Your request to join ${request.harvestCenterCompany} was ${decision}`,
    text: [
      approved
        ? `${request.harvestCenterCompany} approved your request to join it ${JOIN_AS[request.kind]}.`
        : `${request.harvestCenterCompany} declined your request to join it ${JOIN_AS[request.kind]}.`,
      '',
      approved ? `Sign in at ${publicUrl}/ to start.` : 'Ask the center if you think this is a mistake.',
    ].join('\n'),
  });
}
