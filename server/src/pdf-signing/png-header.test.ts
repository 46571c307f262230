import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngDataFitsHeader, pngDataSize, readPngHeader } from './png-header.ts';

type Encoded = { width: number; height: number; bitDepth: number; colorType: number; interlaced: boolean };

/** A real PNG from an encoder (libvips), so the sizes are checked against what encoders write. */
async function encoded(header: Encoded): Promise<Uint8Array> {
  const { width, height, bitDepth, colorType, interlaced } = header;
  const channels = ({ 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 } as const)[colorType as 0 | 2 | 3 | 4 | 6];
  const bytesPerSample = bitDepth === 16 ? 2 : 1;
  const pixels = Buffer.alloc(width * height * channels * bytesPerSample);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) % 251;
  let image = sharp(pixels, {
    raw: { width, height, channels, ...(bitDepth === 16 ? { depth: 'ushort' as const } : {}) },
  });
  if (colorType === 0 || colorType === 4) image = image.toColourspace(bitDepth === 16 ? 'grey16' : 'b-w');
  else if (bitDepth === 16) image = image.toColourspace('rgb16');
  return new Uint8Array(await image.png({ progressive: interlaced, palette: colorType === 3 }).toBuffer());
}

describe('readPngHeader', () => {
  it('reads the size and format of a PNG without decoding it', async () => {
    const rgba = { width: 37, height: 11, bitDepth: 8, colorType: 6, interlaced: false };
    expect(readPngHeader(await encoded(rgba))).toEqual(rgba);
  });

  it('is undefined for what is not a PNG or has a broken header', async () => {
    const png = await encoded({ width: 3, height: 3, bitDepth: 8, colorType: 2, interlaced: false });
    expect(readPngHeader(new Uint8Array(40))).toBeUndefined();
    expect(readPngHeader(png.subarray(0, 20))).toBeUndefined();
    const zeroWidth = png.slice();
    zeroWidth.fill(0, 16, 20);
    expect(readPngHeader(zeroWidth)).toBeUndefined();
    const badDepth = png.slice();
    badDepth[24] = 3;
    expect(readPngHeader(badDepth)).toBeUndefined();
  });
});

describe('pngDataFitsHeader', () => {
  const header = (width: number, height: number, colorType: number, more: Partial<Encoded> = {}) => ({
    width,
    height,
    colorType,
    bitDepth: 8,
    interlaced: false,
    ...more,
  });
  it.each([
    header(61, 23, 6),
    header(61, 23, 2),
    header(61, 23, 4),
    header(61, 23, 0),
    header(61, 23, 3),
    header(61, 23, 0, { bitDepth: 16 }),
    header(61, 23, 2, { bitDepth: 16 }),
    header(61, 23, 6, { interlaced: true }),
    header(5, 3, 0, { interlaced: true }),
    header(13, 9, 3, { interlaced: true }),
  ])('accepts what an encoder writes: %o', async (expected) => {
    const png = await encoded(expected);
    expect(readPngHeader(png)).toEqual(expected);
    expect(pngDataFitsHeader(png, expected)).toBe(true);
  });

  it('counts the rows of pixels below a byte, interlaced or not', () => {
    // Each row: a filter byte and its pixels rounded up to whole bytes (Adam7: per pass).
    expect(pngDataSize(header(61, 23, 0, { bitDepth: 1 }))).toBe(23 * (1 + 8));
    expect(pngDataSize(header(61, 23, 0, { bitDepth: 2 }))).toBe(23 * (1 + 16));
    expect(pngDataSize(header(61, 23, 3, { bitDepth: 4 }))).toBe(23 * (1 + 31));
    // Passes of 5×3: 1×1, 1×1, none, 1×1, 3×1, 2×2, 5×1, one byte of pixels per row each.
    expect(pngDataSize(header(5, 3, 0, { bitDepth: 1, interlaced: true }))).toBe(14);
  });

  it('refuses image data that inflates beyond its header (a decompression bomb)', () => {
    const rgb = header(200, 100, 2);
    expect(pngDataSize(rgb)).toBe(100 * (1 + 600));
    // Signature, IHDR and one IDAT of `data` (readers here do not check CRCs: left as zeros).
    const withData = (data: Buffer) => {
      const chunk = (type: string, body: Buffer) => {
        const bytes = Buffer.alloc(12 + body.length);
        bytes.writeUInt32BE(body.length, 0);
        bytes.write(type, 4, 'ascii');
        body.copy(bytes, 8);
        return bytes;
      };
      const ihdr = Buffer.alloc(13);
      ihdr.writeUInt32BE(rgb.width, 0);
      ihdr.writeUInt32BE(rgb.height, 4);
      ihdr[8] = rgb.bitDepth;
      ihdr[9] = rgb.colorType;
      const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return new Uint8Array(Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', data)]));
    };
    expect(pngDataFitsHeader(withData(deflateSync(Buffer.alloc(pngDataSize(rgb)))), rgb)).toBe(true);
    expect(pngDataFitsHeader(withData(deflateSync(Buffer.alloc(64 * 1024 * 1024))), rgb)).toBe(false);
    expect(pngDataFitsHeader(withData(Buffer.from('not deflate data')), rgb)).toBe(false);
  });
});
