import type { EntityManager } from '@mikro-orm/postgresql';
import { Apparatus, RigPoint } from './apparatus.entity.js';

/** The apparatus every aerial studio starts with; admins edit them afterwards. Silks have six rig points. */
export const DEFAULT_APPARATUS: { name: string; description: string; rigPoints: string[] }[] = [
  {
    name: 'Silks',
    description: 'Aerial fabric (tissu): climbs, wraps, drops.',
    rigPoints: ['Silks 1', 'Silks 2', 'Silks 3', 'Silks 4', 'Silks 5', 'Silks 6'],
  },
  { name: 'Lyra', description: 'Aerial hoop: spins, balances and shapes.', rigPoints: [] },
  { name: 'Trapeze', description: 'Static trapeze: bar and rope work.', rigPoints: [] },
  { name: 'Hammock', description: 'Aerial hammock (sling): low, supportive, great for beginners.', rigPoints: [] },
  { name: 'Pole', description: 'Static and spinning pole: spins, climbs and inverts.', rigPoints: [] },
  { name: 'Straps', description: 'Aerial straps: strength and control.', rigPoints: [] },
];

/** Creates the default apparatus when the studio has none yet (idempotent). */
export async function ensureApparatus(em: EntityManager): Promise<void> {
  if ((await em.count(Apparatus, {})) > 0) return;
  DEFAULT_APPARATUS.forEach((a, index) => {
    const apparatus = new Apparatus(a.name, index);
    apparatus.description = a.description;
    em.persist(apparatus);
    a.rigPoints.forEach((name, i) => em.persist(new RigPoint(apparatus, name, i)));
  });
  await em.flush();
}
