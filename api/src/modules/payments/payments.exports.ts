import type { ExportSource } from '../../exports/export-source.js';

export const paymentExports: ExportSource[] = [
  {
    name: 'orders',
    title: 'Orders',
    description: 'Every order: who paid, the total and refunds in cents, its state and what it held',
    from: 'from shop_order o join app_user p on p.id = o.owner_id',
    key: 'o.id',
    person: 'o.owner_id',
    columns: [
      { header: 'id', sql: 'o.id' },
      { header: 'owner_id', sql: 'o.owner_id' },
      { header: 'owner', sql: "p.first_name || ' ' || p.last_name" },
      { header: 'status', sql: 'o.status' },
      { header: 'total_cents', sql: 'o.total_cents' },
      { header: 'refunded_cents', sql: 'o.refunded_cents' },
      {
        header: 'lines',
        sql: `(select string_agg(l.quantity || ' × ' || l.description, '; ' order by l.position) from order_line l where l.order_id = o.id)`,
      },
      { header: 'created_at', sql: 'o.created_at' },
    ],
  },
];
