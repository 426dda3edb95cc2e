import type { ExportSource } from '../../exports/export-source.js';

export const waiverExports: ExportSource[] = [
  {
    name: 'waiver-signatures',
    title: 'Waiver signatures',
    description: 'Every signature: for whom, by whom (a parent for a minor), the typed name and when',
    from: `from waiver_signature w join app_user f on f.id = w.signed_for_id join app_user b on b.id = w.signed_by_id`,
    key: 'w.id',
    person: 'w.signed_for_id',
    columns: [
      { header: 'id', sql: 'w.id' },
      { header: 'signed_for_id', sql: 'w.signed_for_id' },
      { header: 'signed_for', sql: "f.first_name || ' ' || f.last_name" },
      { header: 'signed_by', sql: "b.first_name || ' ' || b.last_name" },
      { header: 'typed_name', sql: 'w.typed_name' },
      { header: 'document_id', sql: 'w.document_id' },
      { header: 'signed_at', sql: 'w.signed_at' },
    ],
  },
];
