import { BRANDING_META_NAME, TEXT } from '@portal/shared/ui-constants';

/**
 * The branding of the host this page came from: a white-label domain's title, logo and colour,
 * written by the server into index.html (docs/decisions/023), or the portal's own. Read once; the
 * meta tag is plain JSON, so this module stays free of schemas (it is in the login page's chunk).
 */
export type Branding = { title: string; logo_url: string | null; brand_color: string; whiteLabel: boolean };

function readBranding(): Branding {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${BRANDING_META_NAME}"]`)?.content;
  if (content) {
    try {
      const parsed = JSON.parse(content) as Partial<Branding>;
      if (typeof parsed.title === 'string') {
        return {
          title: parsed.title,
          logo_url: typeof parsed.logo_url === 'string' ? parsed.logo_url : null,
          brand_color: typeof parsed.brand_color === 'string' ? parsed.brand_color : '',
          whiteLabel: true,
        };
      }
    } catch {
      // a broken tag: the portal's own look
    }
  }
  return { title: TEXT.portalName, logo_url: null, brand_color: '', whiteLabel: false };
}

export const BRANDING: Branding = readBranding();

/** The domain's colour on the filled buttons, links and marks that use the primary colour. */
export function applyBrandColor(branding: Branding = BRANDING): void {
  if (!/^#[0-9a-fA-F]{6}$/.test(branding.brand_color)) return;
  const root = document.documentElement.style;
  for (const variable of [
    '--mantine-primary-color-filled',
    '--mantine-primary-color-filled-hover',
    '--mantine-color-portal-6',
    '--mantine-color-portal-7',
    '--mantine-color-portal-filled',
    '--mantine-color-portal-filled-hover',
  ]) {
    root.setProperty(variable, branding.brand_color);
  }
}
