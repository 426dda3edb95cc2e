import { fullName } from '@studio/rules';
import PDFDocument from 'pdfkit';
import type { WaiverSection } from './waiver-document.entity.js';

/** Everything the PDF copy of one signature prints. */
export interface SignedWaiverCopy {
  studioName: string;
  timeZone: string;
  signatureId: string;
  document: { documentId: string; version: number; title: string; lastUpdated: string; sections: WaiverSection[] };
  /** The person the signature covers. */
  person: { firstName: string; lastName: string };
  /** Who signed: the person themselves, or their parent for a minor. */
  signer: { firstName: string; lastName: string };
  signedForSelf: boolean;
  signedAt: Date;
  typedName: string | null;
  /** A PNG data URL. */
  drawing: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** '2025-05-01' → 'May 1, 2025' (a calendar date, so read as UTC). */
const calendarDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The moment of signing on the studio's clock, e.g. 'November 23, 2026 at 9:15:02 AM PST'. */
export const studioDateTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'long', timeZone }).format(at);

/**
 * The signed waiver as a PDF (Letter, the built-in Helvetica): the studio, the waiver's title, version and full
 * text, whom it covers, the typed and drawn signature, when (studio time), from where, and for a minor the parent
 * who signed.
 */
export function renderSignedWaiverPdf(copy: SignedWaiverCopy): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 60,
    info: {
      Title: `${copy.document.title} — ${fullName(copy.person)}`,
      Author: copy.studioName,
      Subject: `${copy.document.documentId} version ${copy.document.version}`,
      CreationDate: copy.signedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const muted = '#555555';
  doc.font('Helvetica-Bold').fontSize(11).fillColor(muted).text(copy.studioName.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('black').text(copy.document.title);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(muted)
    .text(
      `Document ${copy.document.documentId} · version ${copy.document.version} · last updated ${calendarDate(copy.document.lastUpdated)}`,
    );
  doc.moveDown(1.2);

  for (const section of copy.document.sections) {
    doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(section.heading);
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10).fillColor('black').text(section.body, { lineGap: 2 });
    doc.moveDown(0.9);
  }

  doc.moveDown(0.5);
  const ruleY = doc.y;
  doc
    .moveTo(doc.page.margins.left, ruleY)
    .lineTo(doc.page.width - doc.page.margins.right, ruleY)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(14).fillColor('black').text('Signature');
  doc.moveDown(0.5);

  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
    doc.moveDown(0.25);
  };
  line('Signed for', copy.signedForSelf ? `${fullName(copy.person)} (themselves)` : `${fullName(copy.person)} (a minor)`);
  if (!copy.signedForSelf) line('Signed by', `${fullName(copy.signer)}, parent or guardian of ${fullName(copy.person)}`);
  line('Typed signature', copy.typedName ?? 'none (accepted by ticking the agreement box)');
  line('Signed on', `${studioDateTime(copy.signedAt, copy.timeZone)} (${copy.timeZone})`);
  line('IP address', copy.ip ?? 'not recorded');
  line('Browser', copy.userAgent ?? 'not recorded');
  line('Signature record', copy.signatureId);

  if (copy.typedName) {
    doc.moveDown(0.6);
    doc.font('Helvetica-Oblique').fontSize(20).fillColor('#1a1a6e').text(copy.typedName);
  }
  if (copy.drawing) {
    doc.moveDown(0.4);
    try {
      doc.image(copy.drawing, { fit: [240, 80] });
      doc.moveDown(0.3);
      doc.font('Helvetica').fontSize(9).fillColor(muted).text('Drawn signature');
    } catch {
      // A PNG that passed the checks at signing but cannot be decoded: the record keeps it; the copy says so.
      doc.font('Helvetica').fontSize(9).fillColor(muted).text('(The drawn signature could not be printed.)');
    }
  }
  doc.end();
  return done;
}
