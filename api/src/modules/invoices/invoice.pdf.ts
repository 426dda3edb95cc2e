import { formatMoney } from '@studio/rules';
import PDFDocument from 'pdfkit';

/** Everything an invoice's (or its receipt's) PDF prints. */
export interface InvoiceCopy {
  kind: 'invoice' | 'receipt';
  studioName: string;
  number: string;
  member: string;
  memberEmail: string | null;
  /** Studio dates, YYYY-MM-DD. */
  issued: string;
  dueDate: string;
  status: string;
  memo: string;
  lines: { description: string; quantity: number; unitCents: number }[];
  totalCents: number;
  paidOn: string | null;
  paymentMethod: string | null;
  paymentReference: string | null;
}

/** '2026-05-01' → 'May 1, 2026' (a calendar date, so read as UTC). */
const calendarDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** An invoice or a receipt as a PDF (Letter, the built-in Helvetica): studio, number, dates, the lines as a table, the total. */
export function renderInvoicePdf(copy: InvoiceCopy): Promise<Buffer> {
  const title = copy.kind === 'receipt' ? 'Receipt' : 'Invoice';
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `${title} ${copy.number} — ${copy.member}`, Author: copy.studioName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const muted = '#555555';
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(muted).text(copy.studioName.toUpperCase(), { characterSpacing: 1 });
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(22).fillColor('black').text(`${title} ${copy.number}`);
  doc.moveDown(0.6);

  const facts: [string, string][] = [
    ['Billed to', copy.memberEmail ? `${copy.member} (${copy.memberEmail})` : copy.member],
    ['Issued', calendarDate(copy.issued)],
    ...(copy.kind === 'invoice' ? ([['Due', calendarDate(copy.dueDate)]] as [string, string][]) : []),
    ['Status', copy.status === 'uncollectible' ? 'Uncollectible' : copy.status.charAt(0).toUpperCase() + copy.status.slice(1)],
    ...(copy.paidOn ? ([['Paid on', calendarDate(copy.paidOn)]] as [string, string][]) : []),
    ...(copy.paymentMethod ? ([['Paid by', copy.paymentMethod]] as [string, string][]) : []),
    ...(copy.paymentReference ? ([['Reference', copy.paymentReference]] as [string, string][]) : []),
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fillColor(muted).text(label, left, y, { width: 90 });
    doc
      .font('Helvetica')
      .fillColor('black')
      .text(value, left + 95, y, { width: width - 95 });
    doc.moveDown(0.2);
  }
  doc.moveDown(1);

  // The lines: description | qty | unit | amount
  const cols = { qty: left + width - 200, unit: left + width - 150, amount: left + width - 70 };
  const header = doc.y;
  doc.font('Helvetica-Bold').fillColor(muted).fontSize(9);
  doc.text('DESCRIPTION', left, header, { width: cols.qty - left - 10 });
  doc.text('QTY', cols.qty, header, { width: 40, align: 'right' });
  doc.text('UNIT', cols.unit, header, { width: 70, align: 'right' });
  doc.text('AMOUNT', cols.amount, header, { width: 70, align: 'right' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(left + width, doc.y + 4)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.8);
  doc.font('Helvetica').fillColor('black').fontSize(10);
  for (const line of copy.lines) {
    const y = doc.y;
    doc.text(line.description, left, y, { width: cols.qty - left - 10 });
    const bottom = doc.y;
    doc.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
    doc.text(formatMoney(line.unitCents), cols.unit, y, { width: 70, align: 'right' });
    doc.text(formatMoney(line.quantity * line.unitCents), cols.amount, y, { width: 70, align: 'right' });
    doc.y = Math.max(bottom, doc.y);
    doc.moveDown(0.4);
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.6);
  const totalY = doc.y;
  doc.font('Helvetica-Bold').fontSize(12);
  doc.text(copy.kind === 'receipt' ? 'Total paid' : 'Total due', cols.qty - 60, totalY, { width: 140, align: 'right' });
  doc.text(formatMoney(copy.totalCents), cols.amount, totalY, { width: 70, align: 'right' });
  doc.moveDown(1.5);

  if (copy.memo) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(muted).text('Memo', left, doc.y, { width });
    doc.font('Helvetica').fillColor('black').text(copy.memo, { width });
    doc.moveDown(1);
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text(
      copy.kind === 'receipt'
        ? `Thank you for your payment. ${copy.studioName}.`
        : 'Pay online from your profile in the studio app, or at the front desk.',
      left,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
