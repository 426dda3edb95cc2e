import type { ExportSource } from '../../exports/export-source.js';

export const classExports: ExportSource[] = [
  {
    name: 'classes',
    title: 'Classes',
    description: 'Every scheduled class: name, apparatus, level, time, instructor, capacity and attendance counts',
    from: `from class_instance ci join class_blueprint cb on cb.id = ci.blueprint_id
      left join apparatus a on a.id = cb.apparatus_id join app_user i on i.id = ci.instructor_id`,
    key: 'ci.id',
    columns: [
      { header: 'id', sql: 'ci.id' },
      { header: 'class', sql: 'cb.name' },
      { header: 'apparatus', sql: 'a.name' },
      { header: 'level', sql: 'cb.level' },
      { header: 'date', sql: "to_char(ci.date, 'YYYY-MM-DD')" },
      { header: 'start_time', sql: 'ci.start_time' },
      { header: 'end_time', sql: 'ci.end_time' },
      { header: 'instructor', sql: "i.first_name || ' ' || i.last_name" },
      { header: 'capacity', sql: 'ci.capacity' },
      { header: 'spots_taken', sql: 'ci.spots_taken' },
      { header: 'attended', sql: 'ci.attended_count' },
      { header: 'no_shows', sql: 'ci.no_show_count' },
      { header: 'late_cancels', sql: 'ci.late_cancel_count' },
      { header: 'series_id', sql: 'ci.series_id' },
      { header: 'cancelled_at', sql: 'ci.cancelled_at' },
    ],
  },
];
