import { addMonths, addYears } from 'date-fns';
import { BillingInterval, MembershipStatus } from './membership.entity.js';

/** A membership with its plan, as the entitlement rules need it. */
export interface CoverCandidate {
  id: string;
  holderId: string;
  status: MembershipStatus;
  comp: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  pausedFrom: Date | null;
  pausedUntil: Date | null;
  pastDueSince: Date | null;
  interval: BillingInterval;
  classesPerPeriod: number | null;
  coveredApparatusIds: string[];
  familyMembers: number;
}

/** The class being booked and who attends it. */
export interface ClassToCover {
  startsAt: Date;
  apparatusId: string;
  attendeeId: string;
  /** The attendee is one of the holder's first `familyMembers` children (checked by the caller). */
  coveredChildOf: (holderId: string, familyMembers: number) => boolean;
}

const step = (d: Date, interval: BillingInterval, n: number) => (interval === BillingInterval.year ? addYears(d, n) : addMonths(d, n));

/**
 * The start of the billing period a class date falls in: the current period, or a later one the membership will
 * renew into (a class weeks ahead on a monthly plan counts against that month). Null: not within the membership.
 */
export function periodStartFor(m: CoverCandidate, classStart: Date): Date | null {
  if (classStart < m.currentPeriodStart) return null;
  if (classStart < m.currentPeriodEnd) return m.currentPeriodStart;
  if (m.cancelAtPeriodEnd || m.status === MembershipStatus.canceled) return null;
  let start = m.currentPeriodEnd;
  for (let n = 1; n <= 36; n += 1) {
    const end = step(m.currentPeriodEnd, m.interval, n);
    if (classStart < end) return start;
    start = end;
  }
  return null;
}

/**
 * Whether a membership may pay for this class, judged on the class's date: active (or past due within the grace
 * period), not paused then, the class type covered, and the attendee the holder or a covered child.
 */
export function membershipCovers(m: CoverCandidate, c: ClassToCover, graceDays: number, now = new Date()): boolean {
  if (m.status === MembershipStatus.suspended || m.status === MembershipStatus.canceled) return false;
  if (m.status === MembershipStatus.past_due) {
    if (!m.pastDueSince || m.pastDueSince.getTime() + graceDays * 86_400_000 <= now.getTime()) return false;
  }
  if (m.pausedFrom && m.pausedUntil && c.startsAt >= m.pausedFrom && c.startsAt < m.pausedUntil) return false;
  if (m.coveredApparatusIds.length > 0 && !m.coveredApparatusIds.includes(c.apparatusId)) return false;
  if (c.attendeeId !== m.holderId && !c.coveredChildOf(m.holderId, m.familyMembers)) return false;
  return periodStartFor(m, c.startsAt) !== null;
}

/** The order entitlements are tried in: comp, then unlimited plans, then limited ones (the soonest renewing first). */
export function entitlementOrder(a: CoverCandidate, b: CoverCandidate): number {
  const rank = (m: CoverCandidate) => (m.comp ? 0 : m.classesPerPeriod === null ? 1 : 2);
  return rank(a) - rank(b) || a.currentPeriodEnd.getTime() - b.currentPeriodEnd.getTime() || a.id.localeCompare(b.id);
}

/** How a membership is shown as what paid for a booking. */
export function membershipLabel(planName: string, comp: boolean): string {
  return comp ? `${planName} (complimentary)` : `${planName} membership`;
}
