import type { ExportSource } from '../../exports/export-source.js';

export const moveExports: ExportSource[] = [
  {
    name: 'move-progress',
    title: 'Moves progress',
    description: 'Each student’s state on each move (and side), with who signed it off and when',
    from: `from move_progress mp join move m on m.id = mp.move_id join apparatus a on a.id = m.apparatus_id
      join app_user s on s.id = mp.student_id left join app_user b on b.id = mp.signed_off_by_id`,
    key: 'mp.id',
    person: 'mp.student_id',
    columns: [
      { header: 'id', sql: 'mp.id' },
      { header: 'student_id', sql: 'mp.student_id' },
      { header: 'student', sql: "s.first_name || ' ' || s.last_name" },
      { header: 'apparatus', sql: 'a.name' },
      { header: 'move', sql: 'm.name' },
      { header: 'level', sql: 'm.level' },
      { header: 'side', sql: 'mp.side::text' },
      { header: 'state', sql: 'mp.state::text' },
      { header: 'signed_off_by', sql: "b.first_name || ' ' || b.last_name" },
      { header: 'signed_off_at', sql: 'mp.signed_off_at' },
      { header: 'updated_at', sql: 'mp.updated_at' },
    ],
  },
];
