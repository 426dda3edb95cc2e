import type { RestRoute } from '../routes.js';

const pdfFile = (answer: unknown) => {
  const pdf = answer as { filename: string; contentBase64: string };
  return { type: 'application/pdf', filename: pdf.filename, content: Buffer.from(pdf.contentBase64, 'base64') };
};

export const invoiceRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/invoices/:id.pdf',
    operation: `query RestInvoicePdf($id: ID!) { invoicePdf(id: $id, kind: invoice) { filename contentBase64 } }`,
    variables: (req) => ({ id: req.params.id }),
    result: (data) => data.invoicePdf,
    file: pdfFile,
  },
  {
    method: 'get',
    path: '/invoices/:id/receipt.pdf',
    operation: `query RestInvoiceReceiptPdf($id: ID!) { invoicePdf(id: $id, kind: receipt) { filename contentBase64 } }`,
    variables: (req) => ({ id: req.params.id }),
    result: (data) => data.invoicePdf,
    file: pdfFile,
  },
  {
    method: 'get',
    path: '/admin/invoices.csv',
    operation: `query RestInvoicesCsv($status: InvoiceStatus, $overdue: Boolean, $member: String, $from: String, $to: String) {
      invoicesCsv(status: $status, overdue: $overdue, member: $member, from: $from, to: $to) }`,
    variables: (req) => {
      const q = (name: string) => (typeof req.query[name] === 'string' && req.query[name] !== '' ? req.query[name] : undefined);
      const overdue = q('overdue');
      return {
        status: q('status'),
        overdue: overdue === undefined ? undefined : overdue === 'true',
        member: q('member'),
        from: q('from'),
        to: q('to'),
      };
    },
    result: (data) => data.invoicesCsv,
    csvFilename: () => `invoices-${new Date().toISOString().slice(0, 10)}.csv`,
  },
];
