import { HC_LOGO_MAX_PIXELS, HC_LOGO_TEXTS } from '@portal/shared/hc-profile';
import { badRequest } from '../errors/app-error.ts';

/**
 * The largest picture taken (a phone photo's 8000×5000): a decompression bomb (a tiny file of a huge
 * picture) is refused by its header before anything decodes it, and libvips checks it again.
 */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A logo as it is kept (a center's, a white-label domain's): decoded (so only a real image passes),
 * turned upright, shrunk to fit 512×512, metadata dropped, written as PNG (which the PDFs embed as
 * they are). `field` names the form field a refusal is about. sharp decodes on libuv's threads, off
 * the event loop.
 */
export async function normalizedLogo(bytes: Buffer, field: string): Promise<Buffer> {
  // Loaded with the first logo: a server that never gets one is spared libvips (8-15 MB resident).
  const { default: sharp } = await import('sharp');
  // The header only: metadata() reads no pixels. What it cannot read, the decode below refuses.
  const header = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  const pages = header?.pages ?? 1;
  if (header?.width && header.height && header.width * header.height * pages > MAX_INPUT_PIXELS) {
    throw badRequest(HC_LOGO_TEXTS.tooLarge, { [field]: HC_LOGO_TEXTS.tooLarge });
  }
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
