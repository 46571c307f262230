/** Where users are sent when the portal has no answer for them (Resource Center). */
export const SUPPORT_EMAIL = 'support@example.com';
