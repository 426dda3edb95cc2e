import type { ExportSource } from '../../exports/export-source.js';

/** Everyone the studio knows: accounts and family members (without their secrets). */
export const userExports: ExportSource[] = [
  {
    name: 'people',
    title: 'People',
    description: 'Every account and family member: names, contact details, role, birthday, family, visits',
    from: 'from app_user u left join app_user g on g.id = u.guardian_id',
    where: 'u.removed_at is null',
    key: 'u.id',
    person: 'u.id',
    columns: [
      { header: 'id', sql: 'u.id' },
      { header: 'first_name', sql: 'u.first_name' },
      { header: 'last_name', sql: 'u.last_name' },
      { header: 'username', sql: 'u.username' },
      { header: 'email', sql: 'u.email' },
      { header: 'phone', sql: 'u.phone' },
      { header: 'role', sql: 'u.role' },
      { header: 'birthday', sql: "to_char(u.birthday, 'YYYY-MM-DD')" },
      { header: 'active', sql: 'u.is_active' },
      { header: 'guardian_id', sql: 'u.guardian_id' },
      { header: 'guardian_email', sql: 'g.email' },
      { header: 'bookings', sql: 'u.booking_count' },
      { header: 'attended', sql: 'u.attended_count' },
      { header: 'no_shows', sql: 'u.no_show_count' },
      { header: 'last_visit_at', sql: 'u.last_visit_at' },
      { header: 'created_at', sql: 'u.created_at' },
    ],
  },
];
