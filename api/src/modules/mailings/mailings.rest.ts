import { MAILING_ATTACHMENT_MAX_BYTES } from '@studio/rules';
import type { RestRoute } from '../routes.js';

export const mailingRestRoutes: RestRoute[] = [
  {
    method: 'put',
    path: '/mailings/attachments',
    operation: `mutation RestUploadMailingAttachment($filename: String!, $file: Byte!) {
      uploadMailingAttachment(filename: $filename, file: $file) { id filename contentType size } }`,
    // The body is the file itself; its name comes in the query (?filename=), its type from its bytes.
    variables: (req) => ({
      filename: typeof req.query.filename === 'string' ? req.query.filename : '',
      file: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    }),
    result: (data) => data.uploadMailingAttachment,
    rawBody: { limit: `${MAILING_ATTACHMENT_MAX_BYTES}b`, tooLarge: 'Attach files of at most 5 MB.' },
  },
];
