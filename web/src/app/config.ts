import { RESOURCE_CENTER_TEXTS } from '@portal/shared/assets';

/** Where users are sent when the portal has no answer for them (Resource Center). */
export const SUPPORT_EMAIL = RESOURCE_CENTER_TEXTS.supportEmail;
