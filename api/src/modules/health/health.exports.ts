import type { ExportSource } from '../../exports/export-source.js';

export const healthExports: ExportSource[] = [
  {
    name: 'health-details',
    title: 'Health and emergency details',
    description: "Each person's allergies, medical notes and emergency contact",
    from: `from health_details h join app_user p on p.id = h.person_id`,
    key: 'h.id',
    person: 'h.person_id',
    columns: [
      { header: 'id', sql: 'h.id' },
      { header: 'person_id', sql: 'h.person_id' },
      { header: 'person', sql: "p.first_name || ' ' || p.last_name" },
      { header: 'allergies', sql: 'h.allergies' },
      { header: 'medical_notes', sql: 'h.medical_notes' },
      { header: 'emergency_contact_name', sql: 'h.emergency_contact_name' },
      { header: 'emergency_contact_phone', sql: 'h.emergency_contact_phone' },
      { header: 'emergency_contact_relationship', sql: 'h.emergency_contact_relationship' },
      { header: 'updated_at', sql: 'h.updated_at' },
    ],
  },
];
