import type { ExportSource } from '../../exports/export-source.js';

/** Bookings with their attendance: a check-in time, or no-show, late cancel. */
export const bookingExports: ExportSource[] = [
  {
    name: 'bookings',
    title: 'Bookings and attendance',
    description: 'Every booking: who, which class, its state, payment, check-in and cancellation',
    from: `from booking b join class_instance ci on ci.id = b.class_instance_id join class_blueprint cb on cb.id = ci.blueprint_id
      join app_user p on p.id = b.attendee_id`,
    key: 'b.id',
    person: 'b.attendee_id',
    columns: [
      { header: 'id', sql: 'b.id' },
      { header: 'attendee_id', sql: 'b.attendee_id' },
      { header: 'attendee', sql: "p.first_name || ' ' || p.last_name" },
      { header: 'class', sql: 'cb.name' },
      { header: 'class_id', sql: 'ci.id' },
      { header: 'starts_at', sql: 'ci.starts_at' },
      { header: 'status', sql: 'b.status' },
      { header: 'source', sql: 'b.source' },
      { header: 'payment', sql: 'b.payment_status' },
      { header: 'covered_by', sql: 'b.covered_by' },
      { header: 'price_cents', sql: 'b.price_cents' },
      { header: 'checked_in_at', sql: 'b.checked_in_at' },
      { header: 'late_cancel', sql: 'b.late_cancel' },
      { header: 'cancelled_at', sql: 'b.cancelled_at' },
      { header: 'booked_at', sql: 'b.created_at' },
    ],
  },
];
