import { ADMIN_MEMBERSHIPS } from '@portal/shared/memberships';
import { SIGN_UP_FORMS } from '@portal/shared/sign-up';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.ts';

const route = (path: string) => ROUTES.find((candidate) => candidate.path === path);

describe('sign-up routes', () => {
  it('serves every sign-up form of the contract without a session, under its title (routes.ts writes them out)', () => {
    for (const form of Object.values(SIGN_UP_FORMS)) {
      expect(route(form.path), form.path).toMatchObject({ public: true, title: form.title });
    }
    expect(route('/confirm-email')?.public).toBe(true);
  });

  it('keeps the admin invitations to admins', () => {
    expect(route('/admin-invitations')?.memberships).toEqual(ADMIN_MEMBERSHIPS);
  });
});
