import { formatMoney } from '@studio/rules';
import PDFDocument from 'pdfkit';
import { describeStudioDate } from '../../common/studio-time.js';

/** Everything a front-desk receipt prints (the email's text and the PDF show the same). */
export interface PosReceipt {
  studioName: string;
  timeZone: string;
  saleId: string;
  paidAt: Date;
  customer: string;
  cashier: string | null;
  lines: { quantity: number; description: string; unitCents: number; discountCents: number; discountReason: string | null }[];
  subtotalCents: number;
  saleDiscountCents: number;
  saleDiscountReason: string | null;
  totalCents: number;
  method: string;
  tenderedCents: number | null;
  changeCents: number | null;
  refund: { reason: string | null; date: string } | null;
}

/** The receipt's number: the first block of the sale's id, upper-cased ("R-1A2B3C4D"). */
export const receiptNumber = (saleId: string) => `R-${saleId.slice(0, 8).toUpperCase()}`;

const when = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);

/** The receipt as rows of [left, right] text, shared by the email and the PDF. */
function rows(r: PosReceipt): { lines: [string, string][]; totals: [string, string][] } {
  const lines: [string, string][] = [];
  for (const l of r.lines) {
    lines.push([
      `${l.quantity} × ${l.description}${l.quantity > 1 ? ` @ ${formatMoney(l.unitCents)}` : ''}`,
      formatMoney(l.unitCents * l.quantity),
    ]);
    if (l.discountCents > 0) lines.push([`    Discount${l.discountReason ? `: ${l.discountReason}` : ''}`, formatMoney(-l.discountCents)]);
  }
  const totals: [string, string][] = [['Subtotal', formatMoney(r.subtotalCents)]];
  if (r.saleDiscountCents > 0)
    totals.push([`Discount${r.saleDiscountReason ? `: ${r.saleDiscountReason}` : ''}`, formatMoney(-r.saleDiscountCents)]);
  totals.push(['Total', formatMoney(r.totalCents)]);
  totals.push([
    r.method === 'account' ? 'Charged to your account (invoice)' : `Paid by ${r.method}`,
    formatMoney(r.tenderedCents ?? r.totalCents),
  ]);
  if (r.changeCents !== null) totals.push(['Change', formatMoney(r.changeCents)]);
  if (r.refund)
    totals.push([
      `Refunded on ${r.refund.date ? describeStudioDate(r.refund.date) : 'an unknown day'}${r.refund.reason ? ` (${r.refund.reason})` : ''}`,
      formatMoney(-r.totalCents),
    ]);
  return { lines, totals };
}

export function receiptText(r: PosReceipt): string {
  const { lines, totals } = rows(r);
  return [
    `${r.studioName} — receipt ${receiptNumber(r.saleId)}`,
    `${when(r.paidAt, r.timeZone)} · ${r.customer}${r.cashier ? ` · served by ${r.cashier}` : ''}`,
    '',
    ...lines.map(([left, right]) => `  ${left}  ${right}`),
    '',
    ...totals.map(([left, right]) => `  ${left}: ${right}`),
    '',
    'Thank you for visiting the studio!',
  ].join('\n');
}

/** The receipt as a PDF (a narrow page, the built-in Helvetica), made with PDFKit. */
export function renderReceiptPdf(r: PosReceipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [288, 560 + r.lines.length * 36],
    margin: 24,
    info: { Title: `Receipt ${receiptNumber(r.saleId)}`, Author: r.studioName, CreationDate: r.paidAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = 288 - 48;
  const row = ([left, right]: [string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(left, 24, y, { width: width - 70 });
    const after = doc.y;
    doc.text(right, 24 + width - 70, y, { width: 70, align: 'right' });
    doc.y = Math.max(after, doc.y) + 2;
  };
  const { lines, totals } = rows(r);
  doc.font('Helvetica-Bold').fontSize(14).text(r.studioName, { align: 'center' });
  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  doc.text(`Receipt ${receiptNumber(r.saleId)}`, { align: 'center' });
  doc.text(when(r.paidAt, r.timeZone), { align: 'center' });
  doc.text(r.customer, { align: 'center' });
  if (r.cashier) doc.text(`Served by ${r.cashier}`, { align: 'center' });
  doc.fillColor('black').moveDown(1);
  for (const line of lines) row(line);
  doc.moveDown(0.5);
  doc
    .moveTo(24, doc.y)
    .lineTo(24 + width, doc.y)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.5);
  for (const total of totals) row(total, total[0] === 'Total');
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text('Thank you for visiting the studio!', 24, doc.y, { width, align: 'center' });
  doc.end();
  return done;
}
