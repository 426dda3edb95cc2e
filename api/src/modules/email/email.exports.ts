import type { ExportSource } from '../../exports/export-source.js';

/** The outbox as history: who was sent what and when (the content stays on /admin/email). */
export const emailExports: ExportSource[] = [
  {
    name: 'emails',
    title: 'Email history',
    description: 'Every email sent or held: recipient, subject, kind, state and the failure reason',
    from: 'from outbox_email e',
    key: 'e.id',
    columns: [
      { header: 'id', sql: 'e.id' },
      { header: 'to', sql: 'e."to"' },
      { header: 'subject', sql: 'e.subject' },
      { header: 'kind', sql: 'e.kind' },
      { header: 'status', sql: 'e.status' },
      { header: 'bounced', sql: 'e.bounced' },
      { header: 'attempts', sql: 'e.attempts' },
      { header: 'last_error', sql: 'e.last_error' },
      { header: 'created_at', sql: 'e.created_at' },
      { header: 'sent_at', sql: 'e.sent_at' },
    ],
  },
];
