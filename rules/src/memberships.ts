import { z } from 'zod';
import { requiredText, wholeNumber } from './text';

// Membership plans (/admin/memberships)
export const planName = requiredText('Give the plan a name.', 100, 'At most 100 characters.');
export const planDescription = z.string().max(2000, 'At most 2,000 characters.');
export const planPriceCents = z
  .number()
  .int('Enter an amount like 120 or 119.50.')
  .min(0, 'Enter an amount like 120 or 119.50.')
  .max(1_000_000, 'At most $10,000.');
/** Classes a limited plan covers each billing period (a plan without a number is unlimited). */
export const planClassesPerPeriod = wholeNumber(1, 500);
/** Family members (children) a plan also covers besides its holder. */
export const planFamilyMembers = wholeNumber(0, 10);

// Class packs (products of category membership)
export const packClasses = wholeNumber(1, 200);
export const packValidDays = wholeNumber(1, 1095, ' days');

/** Days a membership whose renewal failed keeps covering classes before it is suspended. */
export const membershipGraceDays = wholeNumber(0, 30, ' days');
