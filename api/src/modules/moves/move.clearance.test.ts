import { MoveSide } from './move-progress.entity.js';
import { clearanceMet, clearedDays, inRefresh, ruleFor, type SeenAttempt } from './move.clearance.js';

const { left, right, both } = MoveSide;
const rule = { cleanReps: 2, cleanDays: 3 };

it('counts the different days a side had enough clean reps: 2 days are not 3', () => {
  const attempts: SeenAttempt[] = [
    { side: both, day: '2026-11-01', cleanReps: 2 },
    { side: both, day: '2026-11-08', cleanReps: 3 },
  ];
  expect(clearedDays(attempts, both, rule)).toBe(2);
  expect(clearanceMet(attempts, [both], rule)).toBe(false);
  expect(clearanceMet([...attempts, { side: both, day: '2026-11-15', cleanReps: 2 }], [both], rule)).toBe(true);
});

it('counts the same day twice once, and adds up the reps of one day', () => {
  const attempts: SeenAttempt[] = [
    { side: both, day: '2026-11-01', cleanReps: 2 },
    { side: both, day: '2026-11-01', cleanReps: 2 },
    { side: both, day: '2026-11-02', cleanReps: 1 },
    { side: both, day: '2026-11-02', cleanReps: 1 },
    { side: both, day: '2026-11-03', cleanReps: 1 },
  ];
  expect(clearedDays(attempts, both, rule)).toBe(2);
});

it('needs the rule met on every side', () => {
  const days = ['2026-11-01', '2026-11-02', '2026-11-03'];
  const leftOnly = days.map((day) => ({ side: left, day, cleanReps: 2 }));
  expect(clearanceMet(leftOnly, [left, right], rule)).toBe(false);
  expect(clearanceMet([...leftOnly, ...days.map((day) => ({ side: right, day, cleanReps: 2 }))], [left, right], rule)).toBe(true);
});

it("takes the move's own rule, else its level's, else one sign-off", () => {
  expect(ruleFor({ cleanReps: null, cleanDays: null }, undefined)).toEqual({ cleanReps: 1, cleanDays: 1 });
  expect(ruleFor({ cleanReps: null, cleanDays: null }, rule)).toEqual(rule);
  expect(ruleFor({ cleanReps: 5, cleanDays: null }, rule)).toEqual({ cleanReps: 5, cleanDays: 3 });
});

it('puts a signed-off move in refresh after the set days without attending its apparatus', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 3600_000);
  expect(inRefresh(daysAgo(200), daysAgo(119), 120, now)).toBe(false);
  expect(inRefresh(daysAgo(200), daysAgo(121), 120, now)).toBe(true);
  expect(inRefresh(daysAgo(200), null, 120, now)).toBe(true);
  expect(inRefresh(daysAgo(30), null, 120, now)).toBe(false);
});
