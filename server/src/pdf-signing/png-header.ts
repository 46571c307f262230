import { inflateSync } from 'node:zlib';

/**
 * What a PNG says about itself before any pixel is decoded, and a check that its image data holds no
 * more than that: a decoder sizes its work by the header (width × height × 4 bytes), and a small file
 * can declare a huge picture, or a small picture whose data inflates to hundreds of megabytes.
 */

export type PngHeader = {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
};

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Channels per pixel of each colour type, and the bit depths it allows (PNG specification, 11.2.2). */
const COLOR_TYPES: Record<number, { channels: number; bitDepths: number[] }> = {
  0: { channels: 1, bitDepths: [1, 2, 4, 8, 16] },
  2: { channels: 3, bitDepths: [8, 16] },
  3: { channels: 1, bitDepths: [1, 2, 4, 8] },
  4: { channels: 2, bitDepths: [8, 16] },
  6: { channels: 4, bitDepths: [8, 16] },
};

/** The IHDR of a PNG (its first chunk), or undefined when the bytes are not a PNG. */
export function readPngHeader(bytes: Uint8Array): PngHeader | undefined {
  if (bytes.length < 33 || SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isIhdr = view.getUint32(8) === 13 && String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR';
  if (!isIhdr) return undefined;
  const header = {
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitDepth: bytes[24],
    colorType: bytes[25],
    interlaced: bytes[28] === 1,
  };
  const type = COLOR_TYPES[header.colorType];
  if (header.width === 0 || header.height === 0 || !type?.bitDepths.includes(header.bitDepth))
    return undefined;
  return header;
}

/** Adam7's passes: first column and row, and the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes of the inflated image data the header describes: each row's filter byte and its pixels. */
export function pngDataSize(header: PngHeader): number {
  const bitsPerPixel = COLOR_TYPES[header.colorType].channels * header.bitDepth;
  const size = (width: number, height: number) =>
    width === 0 || height === 0 ? 0 : height * (1 + Math.ceil((width * bitsPerPixel) / 8));
  if (!header.interlaced) return size(header.width, header.height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    total += size(
      Math.ceil(Math.max(0, header.width - x0) / dx),
      Math.ceil(Math.max(0, header.height - y0) / dy),
    );
  }
  return total;
}

/**
 * Whether the PNG's image data (its IDAT chunks, inflated) fits in what its header describes. The
 * inflation stops at that size, so a decompression bomb costs no more than an honest image.
 */
export function pngDataFitsHeader(bytes: Uint8Array, header: PngHeader): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data: Uint8Array[] = [];
  for (let offset = 8; offset + 8 <= bytes.length; ) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = offset + 8 + length;
    if (end + 4 > bytes.length) return false;
    if (type === 'IDAT') data.push(bytes.subarray(offset + 8, end));
    if (type === 'IEND') break;
    offset = end + 4;
  }
  if (data.length === 0) return false;
  try {
    inflateSync(Buffer.concat(data), { maxOutputLength: pngDataSize(header) });
    return true;
  } catch {
    // RangeError past the size, or data that does not inflate.
    return false;
  }
}
