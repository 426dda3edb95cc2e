import { formatMoney } from '@studio/rules';
import { formatMonthDay } from '../../../app/dates';
import type { DashboardPeriod, RevenueCategory } from '../../../graphql/types';

export const PERIODS: { value: DashboardPeriod; label: string; previous: string }[] = [
  { value: 'this_week', label: 'This week', previous: 'last week' },
  { value: 'last_4_weeks', label: 'Last 4 weeks', previous: 'the 4 weeks before' },
  { value: 'this_quarter', label: 'This quarter', previous: 'last quarter' },
  { value: 'custom', label: 'Custom', previous: 'the days before' },
];

export const isPeriod = (value: string | null): value is DashboardPeriod => PERIODS.some((p) => p.value === value);

export const CATEGORY_LABELS: Record<RevenueCategory, string> = {
  memberships: 'Memberships',
  packs: 'Class packs',
  drop_ins: 'Drop-ins',
  merch: 'Merch',
  snacks: 'Snacks',
  invoices: 'Invoices',
};

export const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The change from the previous period as a signed whole percent ("+12%"), or null when there is nothing to compare with. */
export function change(current: number, previous: number): { text: string; up: boolean } | null {
  if (previous === 0) return current === 0 ? null : { text: 'new', up: true };
  const delta = Math.round(((current - previous) / previous) * 100);
  return { text: `${delta > 0 ? '+' : ''}${delta}%`, up: delta >= 0 };
}

/** The change of a rate, in percentage points ("+4 pts"). */
export function pointsChange(current: number, previous: number): { text: string; up: boolean } | null {
  const delta = Math.round((current - previous) * 100);
  return { text: `${delta > 0 ? '+' : ''}${delta} pts`, up: delta >= 0 };
}

/** "Nov 30 – Dec 6" */
export const rangeLabel = (from: string, to: string) => `${formatMonthDay(from)} – ${formatMonthDay(to)}`;

export const money = (cents: number) => formatMoney(cents);

/** Whole dollars for chart axes and the revenue headline when the amount is large ("$12,340"). */
export const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(cents / 100);
