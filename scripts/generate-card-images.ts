// Writes the card brand images of the checkout's saved-card list (web/public/assets/{brand}.png,
// part 2 §7 "Card images from /assets/{card_type}.png"): a card-shaped badge in the brand's colours.
// Run once with `node scripts/generate-card-images.ts`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const WIDTH = 64;
const HEIGHT = 40;
const BRANDS: Record<string, { body: [number, number, number]; stripe: [number, number, number] }> = {
  Visa: { body: [26, 31, 113], stripe: [247, 182, 0] },
  MasterCard: { body: [30, 30, 30], stripe: [235, 0, 27] },
  AmericanExpress: { body: [0, 111, 207], stripe: [255, 255, 255] },
  Discover: { body: [255, 255, 255], stripe: [255, 96, 0] },
  JCB: { body: [0, 105, 56], stripe: [11, 76, 151] },
  DinersClub: { body: [0, 68, 129], stripe: [200, 200, 200] },
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function cardPng(colors: (typeof BRANDS)[string]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(1 + WIDTH * 4);
    for (let x = 0; x < WIDTH; x++) {
      // Rounded corners (radius 5) are transparent; a stripe across the lower third.
      const dx = Math.max(0, 5 - x, x - (WIDTH - 6));
      const dy = Math.max(0, 5 - y, y - (HEIGHT - 6));
      const inside = dx * dx + dy * dy <= 25;
      const color = y >= 24 && y < 31 ? colors.stripe : colors.body;
      row.set([...color, inside ? 255 : 0], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = path.resolve(import.meta.dirname, '..', 'web', 'public', 'assets');
fs.mkdirSync(dir, { recursive: true });
for (const [brand, colors] of Object.entries(BRANDS))
  fs.writeFileSync(path.join(dir, `${brand}.png`), cardPng(colors));
console.log(`wrote ${Object.keys(BRANDS).length} card images to ${dir}`);
