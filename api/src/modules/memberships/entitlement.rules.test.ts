import { BillingInterval, MembershipStatus } from './membership.entity.js';
import { entitlementOrder, membershipCovers, periodStartFor, type CoverCandidate } from './entitlement.rules.js';

const at = (iso: string) => new Date(`${iso}T18:00:00Z`);
const base: CoverCandidate = {
  id: 'm',
  holderId: 'holder',
  status: MembershipStatus.active,
  comp: false,
  currentPeriodStart: at('2026-11-01'),
  currentPeriodEnd: at('2026-12-01'),
  cancelAtPeriodEnd: false,
  pausedFrom: null,
  pausedUntil: null,
  pastDueSince: null,
  interval: BillingInterval.month,
  classesPerPeriod: null,
  coveredApparatusIds: [],
  familyMembers: 0,
};
const lesson = (iso: string, attendeeId = 'holder', apparatusId = 'silks') => ({
  startsAt: at(iso),
  apparatusId,
  attendeeId,
  coveredChildOf: (holderId: string, n: number) => holderId === 'holder' && n > 0 && attendeeId === 'child',
});
const NOW = at('2026-11-23');

it.each<[string, Partial<CoverCandidate>, ReturnType<typeof lesson>, boolean]>([
  ['an active plan, a class this period', {}, lesson('2026-11-25'), true],
  ['a class next period of a renewing plan', {}, lesson('2026-12-10'), true],
  ['a class after a period that will not renew', { cancelAtPeriodEnd: true }, lesson('2026-12-10'), false],
  ['a suspended plan', { status: MembershipStatus.suspended }, lesson('2026-11-25'), false],
  ['a cancelled plan', { status: MembershipStatus.canceled }, lesson('2026-11-25'), false],
  ['past due within the grace period', { status: MembershipStatus.past_due, pastDueSince: at('2026-11-21') }, lesson('2026-11-25'), true],
  ['past due beyond the grace period', { status: MembershipStatus.past_due, pastDueSince: at('2026-11-19') }, lesson('2026-11-25'), false],
  ['a class within a pause', { pausedFrom: at('2026-11-24'), pausedUntil: at('2026-11-30') }, lesson('2026-11-25'), false],
  ['a class after the pause', { pausedFrom: at('2026-11-24'), pausedUntil: at('2026-11-30') }, lesson('2026-11-30'), true],
  ['a class type not covered', { coveredApparatusIds: ['lyra'] }, lesson('2026-11-25'), false],
  ['a class type covered', { coveredApparatusIds: ['lyra', 'silks'] }, lesson('2026-11-25'), true],
  ['a child without family coverage', {}, lesson('2026-11-25', 'child'), false],
  ['a child with family coverage', { familyMembers: 1 }, lesson('2026-11-25', 'child'), true],
  ['someone else with family coverage', { familyMembers: 2 }, lesson('2026-11-25', 'stranger'), false],
])('%s → %s', (_, fields, c, expected) => {
  expect(membershipCovers({ ...base, ...fields }, c, 3, NOW)).toBe(expected);
});

it('counts a class weeks ahead against the period it falls in', () => {
  expect(periodStartFor(base, at('2026-11-20'))).toEqual(base.currentPeriodStart);
  expect(periodStartFor(base, at('2026-12-15'))).toEqual(at('2026-12-01'));
  expect(periodStartFor(base, at('2027-01-02'))).toEqual(at('2027-01-01'));
  expect(periodStartFor({ ...base, interval: BillingInterval.year, currentPeriodEnd: at('2027-11-01') }, at('2028-02-01'))).toEqual(
    at('2027-11-01'),
  );
});

it('tries comp, then unlimited, then limited plans (the one renewing first first)', () => {
  const limitedLate = { ...base, id: 'a', classesPerPeriod: 4, currentPeriodEnd: at('2026-12-20') };
  const limitedSoon = { ...base, id: 'b', classesPerPeriod: 4 };
  const unlimited = { ...base, id: 'c' };
  const comp = { ...base, id: 'd', comp: true, classesPerPeriod: 2 };
  expect([limitedLate, limitedSoon, unlimited, comp].sort(entitlementOrder).map((m) => m.id)).toEqual(['d', 'c', 'b', 'a']);
});
