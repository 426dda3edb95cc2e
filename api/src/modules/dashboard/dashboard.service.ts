import type { EntityManager } from '@mikro-orm/postgresql';
import { todayIn } from '../../common/dates.js';
import type { RequestQuota } from '../auth/login-limiter.js';
import type { Actor } from '../users/role.js';
import type { DomainEventName } from '../../events/catalogue.js';
import { badInput } from '../../graphql/errors.js';
import { publishOnCommit } from '../../graphql/pubsub.js';
import { bookingFigures, levelFigures, peopleFigures, revenueFigures, type BookingRow, type RevenueRow } from './dashboard.figures.js';
import { resolveRange, type DashboardPeriod, type DashboardRange } from './dashboard.range.js';
import { RevenueCategory, type BookingGroup, type BookingTotals, type Dashboard } from './dashboard.types.js';
import { refreshRevenueDays } from './revenue-rollup.js';

/**
 * The events after which the dashboard's figures may differ and no trigger says so: bookings, orders and invoices
 * tell open dashboards from their own triggers (booking_class_figures, the revenue_stale ones).
 */
export const DASHBOARD_EVENTS = ['member.created', 'level.achieved', 'member.merged'] as const satisfies readonly DomainEventName[];

/** The admin's daily home: bookings, money, members and levels for a period, live. */
/**
 * Reads of the dashboard per admin and minute: an open page reads once per burst of changes (at most every 800 ms),
 * and each read of a quarter costs the database some 40 ms, so a script looping on it is stopped.
 */
export const DASHBOARD_QUOTA = { points: 120, windowSeconds: 60 };

export class DashboardService {
  constructor(
    private readonly timeZone: string,
    private readonly quota: RequestQuota,
  ) {}

  /** The window's revenue; revenue_day is summed again first when money changed since (a read finds it fresh most times). */
  private async revenue(em: EntityManager, range: DashboardRange): Promise<RevenueRow[]> {
    const fresh = await revenueFigures(em, range, this.timeZone);
    if (fresh) return fresh;
    await refreshRevenueDays(em, this.timeZone);
    return (await revenueFigures(em, range, this.timeZone, true)) ?? [];
  }

  async dashboard(
    em: EntityManager,
    admin: Actor,
    period: DashboardPeriod,
    custom: { from?: string | null; to?: string | null },
  ): Promise<Dashboard> {
    await this.quota.enforce([`user:${admin.id}`], 'dashboard reads');
    const today = todayIn(this.timeZone);
    const range = resolveRange(period, today, custom);
    if (typeof range === 'string') throw badInput(range, { from: range });
    const [bookings, revenue, people, levels] = await Promise.all([
      bookingFigures(em, range, this.timeZone),
      this.revenue(em, range),
      peopleFigures(em, range, this.timeZone, today),
      levelFigures(em, range, this.timeZone),
    ]);
    const cents = (cur: boolean, category: RevenueCategory) =>
      revenue.filter((r) => r.cur === cur && r.category === category).reduce((sum, r) => sum + r.cents, 0);
    const byCategory = Object.values(RevenueCategory)
      .map((category) => ({ category, cents: cents(true, category), previousCents: cents(false, category) }))
      .sort((a, b) => b.cents - a.cents || b.previousCents - a.previousCents);
    return {
      period,
      ...range,
      timeZone: this.timeZone,
      bookings: {
        current: totals(bookings.find((r) => r.total && r.cur)),
        previous: totals(bookings.find((r) => r.total && !r.cur)),
        byClassType: groups(
          bookings,
          (r) => r.class_type,
          (r) => r.class_type!,
        ).sort((a, b) => b.booked - a.booked || a.label.localeCompare(b.label)),
        byHour: groups(
          bookings,
          (r) => (r.hour === null ? null : String(r.hour)),
          (r) => `${String(r.hour).padStart(2, '0')}:00`,
        ).sort((a, b) => a.hour! - b.hour!),
      },
      revenue: {
        totalCents: byCategory.reduce((sum, c) => sum + c.cents, 0),
        previousTotalCents: byCategory.reduce((sum, c) => sum + c.previousCents, 0),
        byCategory,
      },
      members: {
        members: people.members,
        newMembers: people.new_members,
        previousNewMembers: people.previous_new_members,
        visitors: bookings.find((r) => r.total && r.cur)?.visitors ?? 0,
        previousVisitors: bookings.find((r) => r.total && !r.cur)?.visitors ?? 0,
        trialNotBack: people.trial_not_back,
      },
      atRisk: {
        noRecentVisit: people.no_recent_visit,
        lowPacks: people.low_packs,
        pastDueMemberships: people.past_due,
        unpaidInvoices: people.unpaid_invoices,
        unpaidCents: people.unpaid_cents,
        overdueInvoices: people.overdue_invoices,
        waiversMissing: people.waivers_missing,
      },
      levels: {
        levelsReached: levels.levels_reached,
        previousLevelsReached: levels.previous_levels_reached,
        medianDaysToNext: levels.median_days_to_next,
        stuck: levels.stuck,
      },
    };
  }

  /** Tells every open dashboard (on every API process) to read its figures again, once `tx` commits. */
  announce(tx: EntityManager, kind: string): Promise<void> {
    return publishOnCommit(tx, 'DASHBOARD_CHANGED', { kind, at: new Date().toISOString() });
  }
}

const rate = (booked: number, capacity: number) => (capacity > 0 ? Math.round((booked / capacity) * 1000) / 1000 : 0);

function totals(row: BookingRow | undefined): BookingTotals {
  const r = row ?? { classes: 0, capacity: 0, booked: 0, attended: 0, no_shows: 0, late_cancels: 0, visitors: 0 };
  return {
    classes: r.classes,
    capacity: r.capacity,
    booked: r.booked,
    attended: r.attended,
    noShows: r.no_shows,
    lateCancellations: r.late_cancels,
    fillRate: rate(r.booked, r.capacity),
  };
}

/** The rows of one grouping (class type or hour), the period's and the previous one's side by side. */
function groups(rows: BookingRow[], keyOf: (r: BookingRow) => string | null, labelOf: (r: BookingRow) => string): BookingGroup[] {
  const byKey = new Map<string, { cur?: BookingRow; prev?: BookingRow }>();
  for (const row of rows) {
    const key = row.total ? null : keyOf(row);
    if (key === null) continue;
    byKey.set(key, { ...byKey.get(key), [row.cur ? 'cur' : 'prev']: row });
  }
  return [...byKey.values()].map(({ cur, prev }) => ({
    label: labelOf((cur ?? prev)!),
    hour: (cur ?? prev)!.hour,
    classes: cur?.classes ?? 0,
    booked: cur?.booked ?? 0,
    fillRate: cur ? rate(cur.booked, cur.capacity) : 0,
    previousBooked: prev?.booked ?? 0,
    previousFillRate: prev ? rate(prev.booked, prev.capacity) : 0,
  }));
}
