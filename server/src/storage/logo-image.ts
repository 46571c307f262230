import { HC_LOGO_MAX_PIXELS, HC_LOGO_TEXTS } from '@portal/shared/hc-profile';
import { badRequest } from '../http/errors.ts';

/** A decompression bomb (a tiny file of a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A logo as it is kept (a center's, a white-label domain's): decoded (so only a real image passes),
 * turned upright, shrunk to fit 512×512, metadata dropped, written as PNG (which the PDFs embed as
 * they are). `field` names the form field a refusal is about.
 */
export async function normalizedLogo(bytes: Buffer, field: string): Promise<Buffer> {
  // Loaded with the first logo: a server that never gets one is spared libvips (8-15 MB resident).
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: HC_LOGO_MAX_PIXELS,
        height: HC_LOGO_MAX_PIXELS,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png()
      .toBuffer();
  } catch {
    throw badRequest(HC_LOGO_TEXTS.unreadable, { [field]: HC_LOGO_TEXTS.unreadable });
  }
}
