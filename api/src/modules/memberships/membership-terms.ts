import { addMonths, addYears } from 'date-fns';
import { providerUnavailable } from '../../graphql/errors.js';
import { BillingInterval, MembershipStatus } from './membership.entity.js';

/** The end of a period that starts at `start`. */
export const periodEnd = (start: Date, interval: BillingInterval) =>
  interval === BillingInterval.year ? addYears(start, 1) : addMonths(start, 1);

/** The start of the `n`-th period after `anchor`. */
export const stepFrom = (anchor: Date, interval: BillingInterval, n: number) =>
  interval === BillingInterval.year ? addYears(anchor, n) : addMonths(anchor, n);

/** Stripe could not be reached (or refused): nothing was changed here, the admin or member may try again. */
export const stripeUnavailable = (what: string) =>
  providerUnavailable(`Stripe could not be reached, so ${what}. Please try again in a moment.`);

/** Memberships still running: they pay for classes (unless paused) and block a second one on the same plan. */
export const LIVE = [MembershipStatus.active, MembershipStatus.past_due, MembershipStatus.paused];
