import type { RestRoute } from '../routes.js';

export const posRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/pos/sales/:id/receipt.pdf',
    operation: `query RestPosReceipt($id: ID!) { posReceiptPdf(saleId: $id) { filename contentType contentBase64 } }`,
    variables: (req) => ({ id: req.params.id }),
    result: (data) => data.posReceiptPdf,
    file: (answer) => {
      const file = answer as { filename: string; contentType: string; contentBase64: string };
      return { type: file.contentType, filename: file.filename, content: Buffer.from(file.contentBase64, 'base64') };
    },
  },
];
