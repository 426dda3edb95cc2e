import type { EntityManager } from '@mikro-orm/postgresql';
import type { Booking } from '../../bookings/booking.entity.js';
import type { EntitlementPayer } from '../../bookings/bookings.ports.js';
import type { SettingsService } from '../../settings/settings.service.js';
import { entitlementOrder, membershipCovers, membershipLabel, periodStartFor, type CoverCandidate } from '../entitlement.rules.js';
import { BillingInterval, MembershipStatus } from '../membership.entity.js';

interface CandidateRow {
  id: string;
  holder_id: string;
  status: MembershipStatus;
  comp: boolean;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  paused_from: Date | null;
  paused_until: Date | null;
  past_due_since: Date | null;
  interval: BillingInterval;
  classes_per_period: number | null;
  covered_apparatus_ids: string[];
  family_members: number;
  plan_name: string;
}

const candidate = (r: CandidateRow): CoverCandidate & { planName: string } => ({
  id: r.id,
  holderId: r.holder_id,
  status: r.status,
  comp: r.comp,
  currentPeriodStart: new Date(r.current_period_start),
  currentPeriodEnd: new Date(r.current_period_end),
  cancelAtPeriodEnd: r.cancel_at_period_end,
  pausedFrom: r.paused_from && new Date(r.paused_from),
  pausedUntil: r.paused_until && new Date(r.paused_until),
  pastDueSince: r.past_due_since && new Date(r.past_due_since),
  interval: r.interval,
  classesPerPeriod: r.classes_per_period,
  coveredApparatusIds: r.covered_apparatus_ids ?? [],
  familyMembers: r.family_members,
  planName: r.plan_name,
});

/**
 * What pays for a booking. The entitlement is claimed inside the booking's transaction: the attendee's (and their
 * guardian's) live memberships are locked FOR UPDATE before a limited plan's uses are counted, and a pack's credit
 * is taken by a conditional UPDATE, so concurrent bookings never share a credit.
 */
export class EntitlementService implements EntitlementPayer {
  constructor(private readonly settings: SettingsService) {}

  async claim(tx: EntityManager, booking: Booking): Promise<string | null> {
    const connection = tx.getConnection();
    const ctx = tx.getTransactionContext();
    const attendeeId = booking.attendee.id;
    const guardianId = booking.attendee.guardian?.id ?? null;
    const holders = guardianId ? [attendeeId, guardianId] : [attendeeId];
    const instance = booking.classInstance;
    const startsAt = instance.startsAt;
    const apparatusId = instance.blueprint.apparatus.id;

    const list = holders.map(() => '?').join(', ');
    // The pack that expires first, valid on the class's date; the row lock and the re-checked condition let only
    // one of several concurrent bookings take its last class.
    const takePack = `update class_pack p set used = p.used + 1
          where p.id = (select id from class_pack where owner_id in (${list}) and used < classes and expires_at > ?
                         order by expires_at, id limit 1 for update)
            and p.used < p.classes
         returning p.id, p.name`;
    const recordPack = `insert into entitlement_use (booking_id, pack_id, created_at) select ?, id, now() from taken`;
    // One statement: the live memberships of the attendee and their guardian, locked (a limited plan's uses are
    // counted under this lock); with none, the pack is taken at once.
    const [found] = await connection.execute<{ memberships: CandidateRow[] | null; pack: { id: string; name: string } | null }[]>(
      `with ms as (
         select m.id, m.holder_id, m.status, m.comp, m.current_period_start, m.current_period_end, m.cancel_at_period_end,
                m.paused_from, m.paused_until, m.past_due_since, p.interval, p.classes_per_period, p.covered_apparatus_ids,
                p.family_members, p.name as plan_name
           from membership m join membership_plan p on p.id = m.plan_id
          where m.holder_id in (${list}) and m.status in ('active', 'past_due', 'paused')
          order by m.id for update of m),
       taken as (${takePack.replace('where p.id =', 'where not exists (select 1 from ms) and p.id =')}),
       recorded as (${recordPack})
       select (select json_agg(ms) from ms) as memberships, (select row_to_json(taken) from taken) as pack`,
      [...holders, ...holders, startsAt, booking.id],
      'all',
      ctx,
    );
    if (found.pack) return found.pack.name;
    const rows = (found.memberships ?? []).map((r) => ({
      ...r,
      current_period_start: new Date(r.current_period_start),
      current_period_end: new Date(r.current_period_end),
    }));
    if (rows.length === 0) return null;
    const { membershipGraceDays } = await this.settings.get(tx);
    let children: string[] | null = null;
    if (guardianId && rows.some((r) => r.holder_id === guardianId && r.family_members > 0)) {
      const kids = await connection.execute<{ id: string }[]>(
        `select id from app_user where guardian_id = ? and removed_at is null order by created_at, id`,
        [guardianId],
        'all',
        ctx,
      );
      children = kids.map((k) => k.id);
    }
    const coveredChildOf = (holderId: string, n: number) =>
      holderId === guardianId && n > 0 && (children ?? []).slice(0, n).includes(attendeeId);
    const now = new Date();
    const usable = rows
      .map(candidate)
      .filter((m) => membershipCovers(m, { startsAt, apparatusId, attendeeId, coveredChildOf }, membershipGraceDays, now))
      .sort(entitlementOrder);
    for (const m of usable) {
      const periodStart = periodStartFor(m, startsAt)!;
      if (m.classesPerPeriod !== null) {
        const [{ used }] = await connection.execute<{ used: number }[]>(
          `select count(*)::int as used from entitlement_use where membership_id = ? and period_start = ? and returned_at is null`,
          [m.id, periodStart],
          'all',
          ctx,
        );
        if (used >= m.classesPerPeriod) continue;
      }
      await connection.execute(
        `insert into entitlement_use (booking_id, membership_id, period_start, created_at) values (?, ?, ?, now())`,
        [booking.id, m.id, periodStart],
        'run',
        ctx,
      );
      return membershipLabel(m.planName, m.comp);
    }
    // Memberships that do not pay for this class: a pack may still.
    const [pack] = await connection.execute<{ id: string; name: string }[]>(
      `with taken as (${takePack}), recorded as (${recordPack}) select id, name from taken`,
      [...holders, startsAt, booking.id],
      'all',
      ctx,
    );
    return pack ? pack.name : null;
  }

  async claimed(tx: EntityManager, bookingId: string): Promise<{ name: string; classesLeft: number | null } | null> {
    // The booking's own use is counted: one more is left before it.
    const [row] = await tx.getConnection().execute<{ name: string; comp: boolean | null; classes_left: number | null }[]>(
      `select coalesce(cp.name, mp.name) as name, m.comp,
              case when u.pack_id is not null then cp.classes - cp.used + 1
                   when mp.classes_per_period is null then null
                   else mp.classes_per_period + 1 - (select count(*)::int from entitlement_use x
                          where x.membership_id = u.membership_id and x.period_start = u.period_start and x.returned_at is null)
              end as classes_left
         from entitlement_use u
         left join class_pack cp on cp.id = u.pack_id
         left join membership m on m.id = u.membership_id
         left join membership_plan mp on mp.id = m.plan_id
        where u.booking_id = ?`,
      [bookingId],
      'all',
      tx.getTransactionContext(),
    );
    if (!row) return null;
    return { name: row.comp ? membershipLabel(row.name, true) : row.name, classesLeft: row.classes_left };
  }

  async released(tx: EntityManager, bookingIds: string[], late: boolean): Promise<void> {
    if (bookingIds.length === 0) return;
    if (late && (await this.settings.get(tx)).lateCancelUsesCredit) return; // used up
    await tx.getConnection().execute(
      `with returned as (
         update entitlement_use set returned_at = now()
          where booking_id in (${bookingIds.map(() => '?').join(', ')}) and returned_at is null
         returning pack_id)
       update class_pack p set used = p.used - n.count
         from (select pack_id, count(*)::int as count from returned where pack_id is not null group by pack_id) n
        where p.id = n.pack_id`,
      bookingIds,
      'run',
      tx.getTransactionContext(),
    );
  }

  async feeExempt(tx: EntityManager, bookingIds: string[]): Promise<Set<string>> {
    if (bookingIds.length === 0) return new Set();
    const rows = await tx.getConnection().execute<{ booking_id: string }[]>(
      `select u.booking_id from entitlement_use u join membership m on m.id = u.membership_id
        where m.comp and u.booking_id in (${bookingIds.map(() => '?').join(', ')})`,
      bookingIds,
      'all',
      tx.getTransactionContext(),
    );
    return new Set(rows.map((r) => r.booking_id));
  }

  /** Classes used in each membership's current period (uses returned by an early cancellation do not count). */
  async usedThisPeriod(em: EntityManager, membershipIds: readonly string[]): Promise<Map<string, number>> {
    if (membershipIds.length === 0) return new Map();
    const rows = await em.getConnection().execute<{ id: string; used: number }[]>(
      `select m.id, count(u.booking_id)::int as used from membership m
         left join entitlement_use u on u.membership_id = m.id and u.period_start = m.current_period_start and u.returned_at is null
        where m.id in (${membershipIds.map(() => '?').join(', ')}) group by m.id`,
      [...membershipIds],
    );
    return new Map(rows.map((r) => [r.id, r.used]));
  }
}
