import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, line by line, as far as tests need it: inflates every Flate stream and joins the hex
 * strings of each TJ/Tj operator (PDFKit writes text with the standard fonts as WinAnsi hex strings, split where
 * it kerns). Good for PDFKit's own output, not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (/\/FlateDecode/.test(match[1]) ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue; // an image or font stream that is not text
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]) : [op[2]];
      lines.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
