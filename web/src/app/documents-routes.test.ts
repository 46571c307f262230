import { SIGNED_COMPLETED_PATHS } from '@portal/shared/documents';
import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import { describe, expect, it } from 'vitest';
import { userOf } from '../lib/test-session-users.ts';
import { menuFor } from './menu.ts';
import { ROUTES } from './routes.ts';

const route = (path: string) => ROUTES.find((candidate) => candidate.path === path);

describe('document routes', () => {
  it('serves every completed page of the contract without a session (routes.ts writes them out)', () => {
    for (const path of [
      ...Object.values(SIGNED_COMPLETED_PATHS),
      '/sign-your-document',
      '/verify-document',
    ]) {
      expect(route(path)?.public, path).toBe(true);
    }
  });

  it('keeps the harvest center screens to harvest centers and the system documents to admins', () => {
    for (const path of [
      '/patients-signatures',
      '/request-patients-signatures',
      '/upload-patient-documents',
    ]) {
      expect(route(path)?.memberships).toEqual([MEMBERSHIP.harvestCenter]);
    }
    for (const path of ['/documents/patients', '/documents/harvest-centers']) {
      expect(route(path)?.memberships).toEqual([MEMBERSHIP.admin, MEMBERSHIP.adminEquivalent]);
    }
  });

  it('puts Patient Signatures in the harvest center menu only', () => {
    const hasSignatures = (membership: MembershipId) =>
      menuFor(userOf(membership)).some((item) => 'path' in item && item.path === '/patients-signatures');
    expect(hasSignatures(MEMBERSHIP.harvestCenter)).toBe(true);
    expect(hasSignatures(MEMBERSHIP.patient)).toBe(false);
    expect(hasSignatures(MEMBERSHIP.hcStaff)).toBe(false);
  });

  it('groups the two admin lists under System Documents', () => {
    const group = menuFor(userOf(MEMBERSHIP.admin)).find(
      (item) => 'group' in item && item.group === 'System Documents',
    );
    expect(group && 'links' in group ? group.links.map((link) => link.path) : []).toEqual([
      '/documents/patients',
      '/documents/harvest-centers',
    ]);
    expect(
      menuFor(userOf(MEMBERSHIP.harvestCenter)).some(
        (item) => 'group' in item && item.group === 'System Documents',
      ),
    ).toBe(false);
  });
});
