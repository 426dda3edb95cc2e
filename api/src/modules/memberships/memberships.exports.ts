import type { ExportSource } from '../../exports/export-source.js';

export const membershipExports: ExportSource[] = [
  {
    name: 'memberships',
    title: 'Memberships',
    description: 'Every membership: holder, plan, state and current period',
    from: 'from membership ms join membership_plan pl on pl.id = ms.plan_id join app_user h on h.id = ms.holder_id',
    key: 'ms.id',
    person: 'ms.holder_id',
    columns: [
      { header: 'id', sql: 'ms.id' },
      { header: 'holder_id', sql: 'ms.holder_id' },
      { header: 'holder', sql: "h.first_name || ' ' || h.last_name" },
      { header: 'plan', sql: 'pl.name' },
      { header: 'status', sql: 'ms.status' },
      { header: 'comp', sql: 'ms.comp' },
      { header: 'current_period_start', sql: 'ms.current_period_start' },
      { header: 'current_period_end', sql: 'ms.current_period_end' },
      { header: 'cancel_at_period_end', sql: 'ms.cancel_at_period_end' },
      { header: 'canceled_at', sql: 'ms.canceled_at' },
      { header: 'created_at', sql: 'ms.created_at' },
    ],
  },
  {
    name: 'class-packs',
    title: 'Class packs',
    description: 'Every class pack: owner, classes bought and used, expiry',
    from: 'from class_pack cp join app_user o on o.id = cp.owner_id',
    key: 'cp.id',
    person: 'cp.owner_id',
    columns: [
      { header: 'id', sql: 'cp.id' },
      { header: 'owner_id', sql: 'cp.owner_id' },
      { header: 'owner', sql: "o.first_name || ' ' || o.last_name" },
      { header: 'name', sql: 'cp.name' },
      { header: 'classes', sql: 'cp.classes' },
      { header: 'used', sql: 'cp.used' },
      { header: 'expires_at', sql: 'cp.expires_at' },
      { header: 'created_at', sql: 'cp.created_at' },
    ],
  },
];
