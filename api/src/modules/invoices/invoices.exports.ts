import type { ExportSource } from '../../exports/export-source.js';

export const invoiceExports: ExportSource[] = [
  {
    name: 'invoices',
    title: 'Invoices',
    description: 'Every invoice: number, member, total in cents, state, due and paid dates',
    from: 'from invoice i join app_user m on m.id = i.member_id',
    key: 'i.id',
    person: 'i.member_id',
    columns: [
      { header: 'id', sql: 'i.id' },
      { header: 'number', sql: "'INV-' || lpad(i.number::text, 6, '0')" },
      { header: 'member_id', sql: 'i.member_id' },
      { header: 'member', sql: "m.first_name || ' ' || m.last_name" },
      { header: 'status', sql: 'i.status' },
      { header: 'total_cents', sql: 'i.total_cents' },
      { header: 'due_date', sql: "to_char(i.due_date, 'YYYY-MM-DD')" },
      { header: 'memo', sql: 'i.memo' },
      { header: 'sent_at', sql: 'i.sent_at' },
      { header: 'paid_at', sql: 'i.paid_at' },
      { header: 'payment_method', sql: 'i.payment_method' },
      { header: 'created_at', sql: 'i.created_at' },
    ],
  },
];
