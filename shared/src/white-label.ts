import { z } from 'zod';
import { ZEmail, ZPassword } from './auth.ts';
import { ZPhone, zRequiredText } from './form-fields.ts';
import { MEMBERSHIP } from './memberships.ts';
import { PUBLIC_DOMAIN_NAME_TEXTS, publicDomainNameProblem } from './public-domain-names.ts';

/** The white-label wizard (part 2 §2 /white-label-registration, §4, §5, §7, §8, §9). */
export const WHITE_LABEL_TEXTS = {
  failure: 'Something went wrong, Please try again!',
  adminCreated: 'Admin user created Succesfully!',
  domainCreated: 'Domain created Succesfully!',
  listed: 'List Succesfully!',
  urlHttps: 'The URL must start with https://',
  urlIpAddress: PUBLIC_DOMAIN_NAME_TEXTS.ipAddress,
  urlReservedName: PUBLIC_DOMAIN_NAME_TEXTS.reservedName,
  urlNotPublicName: PUBLIC_DOMAIN_NAME_TEXTS.notPublicName,
  urlDomainOnly: 'Enter the domain alone, such as https://clinics.example.com (no port, path or user).',
  hostTaken: 'This domain is already registered.',
  waiting: 'Waiting',
  up: 'Up and Running',
  congratulations: 'Congratulations!',
  notUpYet: 'The domain is not up yet: point its A record at the server address, then Check Status.',
} as const;

/** The logo's form field and size (the wizard's config step). */
export const WHITE_LABEL_LOGO_FIELD = 'logo';
export const WHITE_LABEL_LOGO_MAX_MEGABYTES = 2;

/** The progress list after the form, each marked complete after its delay (§4, §9: about 4 s, some 2 s). */
export const WIZARD_STEPS = [
  { key: 'info', label: 'White label info', delayMs: 4000 },
  { key: 'email', label: 'Email configuration', delayMs: 2000 },
  { key: 'admin', label: 'Admin user', delayMs: 4000 },
  { key: 'server', label: 'Server configuration', delayMs: 2000 },
] as const;

/**
 * Why a white-label URL is refused, or null: https://, then a public domain name alone. The portal
 * writes a web-server site for the host and sends its checks through it, so an IP address or a
 * local name would turn them at the portal's own network.
 */
function whiteLabelUrlProblem(url: string): string | null {
  const match = /^https:\/\/([^/?#]*)(.*)$/i.exec(url);
  if (!match) return WHITE_LABEL_TEXTS.urlHttps;
  const [, authority, rest] = match;
  if (authority.includes('@')) return WHITE_LABEL_TEXTS.urlDomainOnly;
  const host = authority.startsWith('[') ? authority : (authority.split(':')[0] ?? '');
  const problem = publicDomainNameProblem(host);
  if (problem) return problem;
  return host === authority && (rest === '' || rest === '/') ? null : WHITE_LABEL_TEXTS.urlDomainOnly;
}

const ZHttpsUrl = z
  .string()
  .trim()
  .max(200)
  .superRefine((url, context) => {
    const problem = whiteLabelUrlProblem(url);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** POST domain/white-label/: the domain (its title is `name`). */
export const ZWhiteLabelDomainBody = z.object({
  name: zRequiredText('Title', 120),
  url: ZHttpsUrl,
});
export type TWhiteLabelDomainBody = z.infer<typeof ZWhiteLabelDomainBody>;

/** POST domain/white-label/admin/: the domain's admin (subscription 7 with the domain). */
export const ZWhiteLabelAdminBody = z.object({
  first_name: zRequiredText('First name', 100),
  last_name: zRequiredText('Last name', 100),
  email: ZEmail,
  phone: ZPhone.optional().or(z.literal('')),
  password: ZPassword,
  subscription: z.literal(MEMBERSHIP.admin).default(MEMBERSHIP.admin),
  domain: z.number().int().positive(),
});
export type TWhiteLabelAdminBody = z.input<typeof ZWhiteLabelAdminBody>;

/** POST domain/white-label/config/ (multipart, with the logo file): the domain's options. */
export const ZWhiteLabelConfigFields = z.object({
  description: z.string().trim().max(500).default(''),
  email_sender: ZEmail,
  domain: z.coerce.number().int().positive(),
  brand_color: z
    .string()
    .regex(/^(#[0-9a-fA-F]{6})?$/, 'A colour such as #1c7ed6')
    .default(''),
});

export const DOMAIN_STATUS = [WHITE_LABEL_TEXTS.waiting, WHITE_LABEL_TEXTS.up] as const;

export const ZWhiteLabelDomain = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  host: z.string(),
  description: z.string(),
  email_sender: z.string(),
  logo_url: z.string().nullable(),
  brand_color: z.string(),
  /** Where the domain's A record must point. */
  server_address: z.string(),
  status: z.enum(DOMAIN_STATUS),
  steps: z.object({
    folder: z.boolean(),
    domain_file: z.boolean(),
    dns: z.boolean(),
    reachable: z.boolean(),
    ssl: z.boolean(),
  }),
  last_error: z.string(),
  created_at: z.string(),
});
export type TWhiteLabelDomain = z.infer<typeof ZWhiteLabelDomain>;

export const ZWhiteLabelCreated = z.object({ message: z.string(), id: z.number(), url: z.string() });
export const ZWhiteLabelAdminCreated = z.object({ message: z.string(), id: z.number(), email: z.string() });
export const ZWhiteLabelSaved = z.object({ message: z.string(), domain: ZWhiteLabelDomain });
export const ZWhiteLabelList = z.object({ message: z.string(), results: z.array(ZWhiteLabelDomain) });
/** A server-configuration step: success, what happened, the domain as it is now. */
export const ZServerStepResult = z.object({
  success: z.boolean(),
  message: z.string(),
  domain: ZWhiteLabelDomain,
});
export type TServerStepResult = z.infer<typeof ZServerStepResult>;

export const SERVER_STEPS = ['create_folder', 'create_domain_file', 'create_ssl_file', 'check_up'] as const;
export type TServerStep = (typeof SERVER_STEPS)[number];

/** A page's branding, as the server writes it into index.html for a white-label host. */
export const ZBranding = z.object({
  title: z.string(),
  logo_url: z.string().nullable(),
  brand_color: z.string(),
});
export type TBranding = z.infer<typeof ZBranding>;
export { BRANDING_META_NAME } from './ui-constants.ts';

/** The wizard's form (§5): everything required but the phone, description and colour; the logo apart. */
export const ZWhiteLabelWizardForm = ZWhiteLabelDomainBody.extend({
  first_name: ZWhiteLabelAdminBody.shape.first_name,
  last_name: ZWhiteLabelAdminBody.shape.last_name,
  email: ZEmail,
  phone: ZWhiteLabelAdminBody.shape.phone,
  password: ZPassword,
  email_sender: ZEmail,
  description: z.string().trim().max(500),
  brand_color: ZWhiteLabelConfigFields.shape.brand_color,
});
export type TWhiteLabelWizardForm = z.input<typeof ZWhiteLabelWizardForm>;
