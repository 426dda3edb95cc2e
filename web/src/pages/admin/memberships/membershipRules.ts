import {
  dollarText,
  packClasses,
  packValidDays,
  parseDollars,
  planClassesPerPeriod,
  planDescription,
  planFamilyMembers,
  planName,
  planPriceCents,
  recordChoice,
  wholeNumberText,
} from '@studio/rules';
import { z } from 'zod';
import { isIsoDate } from '../../../app/dates';
import type { BillingInterval, ClassPackProductInput, MembershipPlanInput, MembershipStatus } from '../../../graphql/types';
import type { AdminPackFragment, AdminPlanFragment } from './adminMemberships.generated';

export const STATUS_LABELS: Record<MembershipStatus, { label: string; color: 'success' | 'warning' | 'error' | 'info' | 'default' }> = {
  active: { label: 'Active', color: 'success' },
  past_due: { label: 'Payment failed', color: 'warning' },
  suspended: { label: 'Suspended', color: 'error' },
  // (The info blue under white text is below 4.5:1.)
  paused: { label: 'Paused', color: 'default' },
  canceled: { label: 'Ended', color: 'default' },
};

export const INTERVAL_LABELS: Record<BillingInterval, string> = { month: 'month', year: 'year' };

/** A money amount typed in dollars, checked as the cents the API takes (its own rule). */
const moneyText = (message: string) =>
  z.string().transform((text, ctx) => {
    const cents = parseDollars(text);
    const problem = cents === null ? message : planPriceCents.safeParse(cents).error?.issues[0].message;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return cents ?? 0;
  });

// ── plans ───────────────────────────────────────────────────────────────────────────────────────────────

export interface PlanValues {
  name: string;
  description: string;
  price: string;
  interval: BillingInterval;
  unlimited: boolean;
  classesPerPeriod: string;
  coveredApparatusIds: string[];
  familyMembers: string;
  signUpFee: string;
  active: boolean;
}

export const EMPTY_PLAN: PlanValues = {
  name: '',
  description: '',
  price: '',
  interval: 'month',
  unlimited: true,
  classesPerPeriod: '8',
  coveredApparatusIds: [],
  familyMembers: '0',
  signUpFee: '0',
  active: true,
};

export function planValuesOf(p: AdminPlanFragment): PlanValues {
  return {
    name: p.name,
    description: p.description,
    price: dollarText(p.priceCents),
    interval: p.interval,
    unlimited: p.classesPerPeriod === null,
    classesPerPeriod: p.classesPerPeriod === null ? '8' : String(p.classesPerPeriod),
    coveredApparatusIds: p.coveredApparatus.map((a) => a.id),
    familyMembers: String(p.familyMembers),
    signUpFee: dollarText(p.signUpFeeCents),
    active: p.active,
  };
}

/** The plan form: the API's rules (rules/src/memberships.ts) on the text as typed. */
export const planForm = z
  .object({
    name: planName,
    description: planDescription,
    price: moneyText('Enter an amount like 120 or 119.50.'),
    interval: z.enum(['month', 'year'], 'Choose monthly or yearly.'),
    unlimited: z.boolean(),
    classesPerPeriod: z.string(),
    coveredApparatusIds: z.array(z.string()).max(50, 'At most 50 class types.'),
    familyMembers: wholeNumberText(planFamilyMembers),
    signUpFee: moneyText('Enter an amount like 25 (0 for none).'),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.unlimited) return;
    const checked = wholeNumberText(planClassesPerPeriod).safeParse(v.classesPerPeriod);
    if (!checked.success) ctx.addIssue({ code: 'custom', path: ['classesPerPeriod'], message: checked.error.issues[0].message });
  });

export function planInput(v: PlanValues): MembershipPlanInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    priceCents: parseDollars(v.price) ?? 0,
    interval: v.interval,
    classesPerPeriod: v.unlimited ? null : Number(v.classesPerPeriod.trim()),
    coveredApparatusIds: v.coveredApparatusIds,
    familyMembers: Number(v.familyMembers.trim()),
    signUpFeeCents: parseDollars(v.signUpFee) ?? 0,
    active: v.active,
  };
}

/** "8 classes a month" or "Unlimited". */
export function allowanceText(p: { classesPerPeriod: number | null; interval: BillingInterval }): string {
  return p.classesPerPeriod === null ? 'Unlimited' : `${p.classesPerPeriod} a ${INTERVAL_LABELS[p.interval]}`;
}

// ── class packs ─────────────────────────────────────────────────────────────────────────────────────────

export interface PackValues {
  name: string;
  description: string;
  price: string;
  classes: string;
  validDays: string;
  active: boolean;
}

export const EMPTY_PACK: PackValues = { name: '', description: '', price: '', classes: '10', validDays: '90', active: true };

export function packValuesOf(p: AdminPackFragment): PackValues {
  return {
    name: p.name,
    description: p.description,
    price: dollarText(p.priceCents),
    classes: String(p.packClasses ?? ''),
    validDays: String(p.packValidDays ?? ''),
    active: p.active,
  };
}

export const packForm = z.object({
  name: planName,
  description: planDescription,
  price: moneyText('Enter an amount like 180 or 179.50.'),
  classes: wholeNumberText(packClasses),
  validDays: wholeNumberText(packValidDays),
  active: z.boolean(),
});

export function packInput(v: PackValues): ClassPackProductInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    priceCents: parseDollars(v.price) ?? 0,
    classes: Number(v.classes.trim()),
    validDays: Number(v.validDays.trim()),
    active: v.active,
  };
}

// ── membership actions ──────────────────────────────────────────────────────────────────────────────────

export interface PauseValues {
  from: string;
  until: string;
}

/** A pause: two studio dates, the end after the start (the pause ends as the last day begins). */
export const pauseForm = z
  .object({
    from: z.string().refine(isIsoDate, 'Choose the first day of the pause.'),
    until: z.string().refine(isIsoDate, 'Choose the day the membership covers classes again.'),
  })
  .superRefine((v, ctx) => {
    if (isIsoDate(v.from) && isIsoDate(v.until) && v.until <= v.from)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Must be after the start.' });
  });

const planChoice = recordChoice('Choose a plan.').chosen;

export const compForm = z.object({
  member: z
    .object({ id: z.string(), firstName: z.string(), lastName: z.string() }, 'Choose a member.')
    .nullable()
    .refine((m) => m !== null, 'Choose a member.'),
  planId: planChoice,
  /** End the member's current membership now and comp this one instead (offered after the API refuses a second one). */
  replace: z.boolean(),
});

export const changePlanForm = z.object({ planId: planChoice });
