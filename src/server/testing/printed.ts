import jsQR from 'jsqr';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';

/** What a PDF says and how it is laid out, as a reader (or a search) gets it. */
export interface PdfContents {
  /** The text of every page in order, each run of white space (no-break ones too) one space. */
  text: string;
  /** The text without any white space: a phrase a line break cut in two still matches. */
  squashed: string;
  pages: number;
  /** Each page's size in points. */
  sizes: { width: number; height: number }[];
}

const squash = (text: string) => text.replace(/\s+/g, '');

/** The text of a PDF, extracted by PDF.js (through unpdf) as a viewer would select it. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContents> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text } = await extractText(document, { mergePages: true });
    const sizes = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const [left, bottom, right, top] = (await document.getPage(number)).view as number[];
      sizes.push({ width: right! - left!, height: top! - bottom! });
    }
    const flat = text.replace(/\s+/g, ' ');
    return { text: flat, squashed: squash(flat), pages: document.numPages, sizes };
  } finally {
    await document.destroy();
  }
}

/** Whether `phrases` all occur in the PDF's text in this order (white space aside). */
export function inOrder(contents: PdfContents, phrases: string[]): boolean {
  let from = 0;
  for (const phrase of phrases) {
    const at = contents.squashed.indexOf(squash(phrase), from);
    if (at === -1) return false;
    from = at + squash(phrase).length;
  }
  return true;
}

/** The text a QR code in an SVG image holds, read from the image drawn at 400 px, or null. */
export async function readQrCode(svg: Uint8Array | string): Promise<string | null> {
  const { data, info } = await sharp(typeof svg === 'string' ? Buffer.from(svg) : svg)
    .resize(400, 400, { kernel: 'nearest' })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}
