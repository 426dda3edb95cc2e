import { IMPORT_FILE_MAX_BYTES } from '@studio/rules';
import type { RestRoute } from '../routes.js';

export const portabilityRestRoutes: RestRoute[] = [
  {
    method: 'put',
    path: '/imports/people',
    operation: `mutation RestUploadImportFile($source: String!, $filename: String!, $file: Byte!) {
      uploadImportFile(source: $source, filename: $filename, file: $file) { id state rowCount headers mapping { field column } } }`,
    // The body is the CSV itself; where it came from and its name in the query (?source=mindbody&filename=).
    variables: (req) => ({
      source: typeof req.query.source === 'string' ? req.query.source : '',
      filename: typeof req.query.filename === 'string' ? req.query.filename : '',
      file: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    }),
    result: (data) => data.uploadImportFile,
    rawBody: { limit: `${IMPORT_FILE_MAX_BYTES}b`, tooLarge: 'Import files of at most 20 MB: split it.' },
  },
  {
    method: 'get',
    path: '/imports/:id/problems.csv',
    operation: `query RestImportProblems($id: ID!) { importProblemsCsv(id: $id) }`,
    variables: (req) => ({ id: req.params.id }),
    result: (data) => data.importProblemsCsv,
    csvFilename: () => 'rows-to-fix.csv',
  },
];
