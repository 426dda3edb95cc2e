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

export { makeClass } from './factories.js';
