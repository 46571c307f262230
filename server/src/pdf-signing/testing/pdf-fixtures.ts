import zlib from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef, StandardFonts } from 'pdf-lib';

/**
 * Test helpers (never imported by the app): the text a page draws, as pdf-lib writes it (one `<hex> Tj`
 * per line), and fixture files of the kinds people upload or draw.
 */

function contentStreams(doc: PDFDocument, pageIndex: number): PDFRawStream[] {
  const contents = doc.getPage(pageIndex).node.Contents();
  const items = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return items
    .map((item) => (item instanceof PDFRef ? doc.context.lookup(item) : item))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream);
}

/** The lines of text drawn on a page (hex and literal strings shown with Tj). */
export function pageText(doc: PDFDocument, pageIndex: number): string {
  const lines: string[] = [];
  for (const stream of contentStreams(doc, pageIndex)) {
    const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) {
      lines.push(match[1] !== undefined ? Buffer.from(match[1], 'hex').toString('latin1') : match[2]);
    }
  }
  return lines.join('\n');
}

/** The text of every page, pages separated by a form feed. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map((_page, index) => pageText(doc, index));
}

/** A template as someone uploads it: made elsewhere, its last page full to the bottom. */
export async function makeUploadedTemplate(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    for (let y = 800; y > 20; y -= 14) {
      page.drawText(`Clinic agreement page ${p + 1}, clause line ${Math.round((800 - y) / 14) + 1}.`, {
        x: 40,
        y,
        size: 11,
        font,
      });
    }
  }
  doc.setTitle('Clinic processing consent');
  return doc.save();
}

/** A real PNG (RGBA) with a dark diagonal stroke, as a signature pad draws one. */
export function makeSignaturePng(width = 300, height = 100): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    const x = Math.round((y / height) * width);
    for (let dx = -2; dx <= 2; dx++) {
      const px = x + dx;
      if (px >= 0 && px < width) raw.set([20, 20, 60, 255], row + 1 + px * 4);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
