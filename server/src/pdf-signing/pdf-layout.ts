import {
  PDFDict,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  PDFString,
  rgb,
} from 'pdf-lib';

/**
 * Text and page helpers shared by the agreement and the certificate pages. The standard PDF fonts
 * encode WinAnsi (Latin-1 and a few more) only: other letters are written without their accents
 * where that makes a Latin letter (Č → C), or as '?', rather than failing the document.
 */

/** Letters NFD does not split into a base letter and an accent. */
const LATIN_FALLBACKS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
  ſ: 's',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

const characterSets = new WeakMap<PDFFont, Set<number>>();

function charactersOf(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/** The text as the font can write it, on one line (control characters become spaces). */
export function encodableText(font: PDFFont, text: string): string {
  const supported = charactersOf(font);
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) {
      out += ' ';
    } else if (supported.has(code)) {
      out += char;
    } else {
      const fallback = LATIN_FALLBACKS[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...fallback].every((c) => supported.has(c.codePointAt(0) ?? 0)) && fallback ? fallback : '?';
    }
  }
  return out;
}

/** Splits text into lines no wider than `width` (a word longer than a line is cut). */
export function wrapText(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of encodableText(font, paragraph).split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

export const PAGE_SIZE: [number, number] = [612, 792];
export const MARGIN = 60;
const FOOTER_Y = 32;
export const TEXT_COLOR = rgb(0.1, 0.1, 0.12);
export const MUTED_COLOR = rgb(0.38, 0.38, 0.42);

/** Writes flowing text down pages, adding a page when the next block does not fit. */
export class PageWriter {
  readonly doc: PDFDocument;
  page: PDFPage;
  y: number;
  readonly width: number;
  /** Pages this writer added (its footers go on these only). */
  readonly pages: PDFPage[] = [];

  constructor(doc: PDFDocument) {
    this.doc = doc;
    this.page = this.addPage();
    this.y = PAGE_SIZE[1] - MARGIN;
    this.width = PAGE_SIZE[0] - 2 * MARGIN;
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage(PAGE_SIZE);
    this.pages.push(page);
    return page;
  }

  newPage(): void {
    this.page = this.addPage();
    this.y = PAGE_SIZE[1] - MARGIN;
  }

  /** Room left above the footer. */
  get room(): number {
    return this.y - (MARGIN + 10);
  }

  ensureRoom(height: number): void {
    if (this.room < height) this.newPage();
  }

  text(
    text: string,
    options: {
      font: PDFFont;
      size: number;
      lineHeight?: number;
      color?: ReturnType<typeof rgb>;
      indent?: number;
    },
  ): void {
    const lineHeight = options.lineHeight ?? options.size * 1.4;
    const indent = options.indent ?? 0;
    for (const line of wrapText(options.font, options.size, text, this.width - indent)) {
      this.ensureRoom(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y + (lineHeight - options.size) / 2,
        size: options.size,
        font: options.font,
        color: options.color ?? TEXT_COLOR,
      });
    }
  }

  space(height: number): void {
    this.y -= height;
  }

  rule(): void {
    this.ensureRoom(8);
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + this.width, y: this.y },
      thickness: 0.5,
      color: MUTED_COLOR,
    });
    this.y -= 4;
  }

  /** `left`, and "Page n of N" unless told not to, at the foot of every page this writer added. */
  footers(font: PDFFont, left: string, options: { numbered?: boolean } = {}): void {
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      const size = 8;
      page.drawText(encodableText(font, left), { x: MARGIN, y: FOOTER_Y, size, font, color: MUTED_COLOR });
      if (options.numbered === false) return;
      const right = `Page ${index + 1} of ${total}`;
      page.drawText(right, {
        x: PAGE_SIZE[0] - MARGIN - font.widthOfTextAtSize(right, size),
        y: FOOTER_Y,
        size,
        font,
        color: MUTED_COLOR,
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The portal's keys in the document information dictionary.
// ---------------------------------------------------------------------------------------------

/** The document id, so a file can be matched to its record (and verified) wherever it travels. */
export const DOCUMENT_ID_INFO_KEY = 'PortalDocumentId';
/**
 * Where the agreement left room for the signature: `pageIndex x y width height` (points). A PDF
 * without it (an uploaded template) gets an added signature page.
 */
export const SIGNATURE_BOX_INFO_KEY = 'PortalSignatureBox';

function infoDict(doc: PDFDocument, create: boolean): PDFDict | undefined {
  const ref = doc.context.trailerInfo.Info;
  const existing = ref ? doc.context.lookup(ref) : undefined;
  if (existing instanceof PDFDict) return existing;
  if (!create) return undefined;
  const dict = doc.context.obj({});
  doc.context.trailerInfo.Info = doc.context.register(dict);
  return dict;
}

export function setInfoText(doc: PDFDocument, key: string, value: string): void {
  infoDict(doc, true)?.set(PDFName.of(key), PDFHexString.fromText(value));
}

export function getInfoText(doc: PDFDocument, key: string): string | undefined {
  const value = infoDict(doc, false)?.lookup(PDFName.of(key));
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

export function deleteInfoKey(doc: PDFDocument, key: string): void {
  infoDict(doc, false)?.delete(PDFName.of(key));
}

export type SignatureBox = { pageIndex: number; x: number; y: number; width: number; height: number };

export function readSignatureBox(doc: PDFDocument): SignatureBox | undefined {
  const text = getInfoText(doc, SIGNATURE_BOX_INFO_KEY);
  const numbers = text?.trim().split(/\s+/).map(Number);
  if (numbers?.length !== 5 || numbers.some((n) => !Number.isFinite(n))) return undefined;
  const [pageIndex, x, y, width, height] = numbers;
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= doc.getPageCount()) return undefined;
  if (width < 200 || height < 100) return undefined;
  return { pageIndex, x, y, width, height };
}

export function writeSignatureBox(doc: PDFDocument, box: SignatureBox): void {
  setInfoText(
    doc,
    SIGNATURE_BOX_INFO_KEY,
    [box.pageIndex, box.x, box.y, box.width, box.height].map((n) => Math.round(n)).join(' '),
  );
}

/** Height of the box a signature is stamped into (signature, printed name, time and meaning). */
export const SIGNATURE_BOX_HEIGHT = 150;

/**
 * The empty signature box below the writer's position on its current page: its label and line (what
 * a printed copy shows before signing), and where the stamp goes.
 */
export function drawEmptySignatureBox(writer: PageWriter, doc: PDFDocument, bold: PDFFont): SignatureBox {
  const box = {
    pageIndex: doc.getPageCount() - 1,
    x: MARGIN,
    y: writer.y - SIGNATURE_BOX_HEIGHT,
    width: 300,
    height: SIGNATURE_BOX_HEIGHT,
  };
  writer.page.drawText('Signature', {
    x: box.x,
    y: box.y + box.height - 12,
    size: 9,
    font: bold,
    color: TEXT_COLOR,
  });
  writer.page.drawLine({
    start: { x: box.x, y: box.y + 78 },
    end: { x: box.x + box.width, y: box.y + 78 },
    thickness: 0.75,
    color: TEXT_COLOR,
  });
  return box;
}

/** A center's logo at the top right of the writer's page, beside the title line (at most 140×56 points). */
export async function drawTopRightLogo(writer: PageWriter, png: Uint8Array): Promise<void> {
  const logo = await writer.doc.embedPng(png);
  const size = logo.scaleToFit(140, 56);
  writer.page.drawImage(logo, {
    x: PAGE_SIZE[0] - MARGIN - size.width,
    y: writer.y - size.height + 16,
    width: size.width,
    height: size.height,
  });
}
