/** Query parameters whose value in a mailed link lets the holder act as the recipient. */
const SECRET_PARAMETER = /([?&](?:token|key|code|signature)=)[^\s&#"'<>]+/gi;

export const MASKED_SECRET = '********';

/**
 * The text with every secret link parameter replaced by a mask: what the outbox keeps once a mail
 * is sent, and all that the admin outbox view shows. The link stays recognisable, not usable.
 */
export function maskSecretLinks(text: string): string {
  return text.replace(SECRET_PARAMETER, `$1${MASKED_SECRET}`);
}
