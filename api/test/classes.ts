import { studioWallClock } from '../src/common/studio-time.js';
import { ClassInstance } from '../src/modules/classes/class-instance.entity.js';
import type { TestApp } from './app.js';
import { buildClassBlueprint, em, makeUser, Role } from './factories.js';

/**
 * A studio zone (a whole-hour Etc/GMT zone) where it is between 10:00 and 14:00 now, for tests of "today's classes"
 * that make a class a few minutes or hours from now: in the studio's own zone such a class is tomorrow when the tests
 * run late in the evening.
 */
export function middayZone(now = new Date()): string {
  for (let offset = -12; offset <= 14; offset += 1) {
    const hour = (now.getUTCHours() + offset + 24) % 24;
    // Etc/GMT zones are named with the sign reversed: Etc/GMT-3 is three hours ahead of UTC.
    if (hour >= 10 && hour < 14) return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }
  throw new Error('unreachable: some offset puts every hour at midday');
}

/**
 * A class starting `startsInMinutes` from now (negative: in the past), on its own new blueprint so tests never
 * share classes. Returns the instance with its blueprint loaded.
 */
export async function makeClass(
  t: TestApp,
  opts: {
    capacity?: number;
    priceCents?: number;
    startsInMinutes?: number;
    durationMinutes?: number;
    usesRigPoints?: boolean;
    instructorId?: string;
    level?: number;
    apparatusName?: string;
  } = {},
): Promise<ClassInstance> {
  const e = em(t);
  const tz = t.app.services.env.STUDIO_TIME_ZONE;
  const instructorId = opts.instructorId ?? (await makeUser(t, { role: Role.instructor })).user.id;
  const duration = opts.durationMinutes ?? 60;
  const blueprint = await buildClassBlueprint(t, {
    apparatusName: opts.apparatusName ?? (opts.usesRigPoints ? 'Silks' : 'Lyra'),
    level: opts.level ?? 1,
    durationMinutes: duration,
    defaultCapacity: opts.capacity ?? 10,
    dropInPriceCents: opts.priceCents ?? 0,
    usesRigPoints: opts.usesRigPoints ?? false,
  });
  // Whole minutes, so the studio wall-clock time and the instant agree exactly.
  const start = new Date(Math.floor((Date.now() + (opts.startsInMinutes ?? 24 * 60) * 60_000) / 60_000) * 60_000);
  const end = new Date(start.getTime() + duration * 60_000);
  // Built directly (not via createInstance) so a test run near midnight can still make a class at any time.
  const instance = e.create(ClassInstance, {
    blueprint: blueprint.id,
    date: studioWallClock(start, tz).date,
    startTime: studioWallClock(start, tz).time,
    endTime: studioWallClock(end, tz).time,
    startsAt: start,
    endsAt: end,
    instructor: instructorId,
    capacity: opts.capacity ?? 10,
  });
  await e.flush();
  return e.findOneOrFail(ClassInstance, { id: instance.id }, { populate: ['blueprint.apparatus', 'instructor'] });
}
