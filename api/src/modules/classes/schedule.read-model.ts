import type { EntityManager } from '@mikro-orm/postgresql';
import { ClassSeries } from './class-series.entity.js';
import type { ClassInstance } from './class-instance.entity.js';
import { User } from '../users/user.entity.js';

export interface ScheduleQuery {
  from: string;
  to: string;
  apparatusIds?: string[] | null;
  levels?: number[] | null;
  instructorIds?: string[] | null;
  includeCancelled?: boolean | null;
}

const SELECT = `select c.id, c.date::text as date, c.start_time, c.end_time, c.starts_at, c.ends_at, c.capacity, c.spots_taken,
  c.status, c.notes, c.cancelled_at, c.created_at, c.series_id,
  b.id as b_id, b.name as b_name, b.description as b_description, b.level as b_level, b.duration_minutes as b_duration_minutes,
  b.default_capacity as b_default_capacity, b.drop_in_price_cents as b_drop_in_price_cents, b.uses_rig_points as b_uses_rig_points,
  b.booking_gated as b_booking_gated, b.is_active as b_is_active, b.created_at as b_created_at, b.default_instructor_id as b_default_instructor_id,
  a.id as a_id, a.name as a_name, a.description as a_description, a.sort_order as a_sort_order,
  u.id as u_id, u.first_name as u_first_name, u.last_name as u_last_name, u.role as u_role, u.is_active as u_is_active,
  u.bio as u_bio, u.photo_updated_at as u_photo_updated_at
  from class_instance c
  join class_blueprint b on b.id = c.blueprint_id
  join apparatus a on a.id = b.apparatus_id
  join app_user u on u.id = c.instructor_id`;

/** A row of the statement above; timestamps come as text. */
interface ScheduleRow {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
  spots_taken: number;
  status: string;
  notes: string;
  cancelled_at: string | null;
  created_at: string;
  series_id: string | null;
  b_id: string;
  b_name: string;
  b_description: string;
  b_level: number;
  b_duration_minutes: number;
  b_default_capacity: number;
  b_drop_in_price_cents: number;
  b_uses_rig_points: boolean;
  b_booking_gated: boolean;
  b_is_active: boolean;
  b_created_at: string;
  b_default_instructor_id: string | null;
  a_id: string;
  a_name: string;
  a_description: string;
  a_sort_order: number;
  u_id: string;
  u_first_name: string;
  u_role: string;
  u_is_active: boolean;
  u_bio: string;
  u_photo_updated_at: string | null;
  u_last_name: string;
}

/** A class as the schedule lists it: shaped like ClassInstance, with its waitlist length counted. */
export type ScheduledClass = ClassInstance & { waitlistLength: number };

/** The statement counting who waits for each class (`?` placeholders). The benchmark's baseline runs it too. */
export function waitlistCountStatement(instanceIds: readonly string[]): { sql: string; params: unknown[] } {
  return {
    sql: `select class_instance_id as id, count(*)::int as n from waitlist_entry
      where status = 'waiting' and class_instance_id in (${instanceIds.map(() => '?').join(', ')}) group by class_instance_id`,
    params: [...instanceIds],
  };
}

/** People waiting for each of the given classes (classes nobody waits for are left out). */
export async function waitlistCounts(em: EntityManager, instanceIds: readonly string[]): Promise<Map<string, number>> {
  if (!instanceIds.length) return new Map();
  const { sql, params } = waitlistCountStatement(instanceIds);
  const rows = await em.getConnection().execute<{ id: string; n: number }[]>(sql, params);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The schedule's statement for a query (`?` placeholders). The benchmark's baseline runs it too. */
export function scheduleStatement(q: ScheduleQuery): { sql: string; params: unknown[] } {
  const where = ['c.date >= ?', 'c.date <= ?'];
  const params: unknown[] = [q.from, q.to];
  if (!q.includeCancelled) where.push(`c.status = 'scheduled'`);
  const anyOf = (column: string, values: readonly unknown[] | null | undefined) => {
    if (!values?.length) return;
    where.push(`${column} in (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  anyOf('b.apparatus_id', q.apparatusIds);
  anyOf('b.level', q.levels);
  anyOf('c.instructor_id', q.instructorIds);
  return { sql: `${SELECT} where ${where.join(' and ')} order by c.starts_at, c.id`, params };
}

/**
 * The public schedule is the most-read query of the app, so it skips entity hydration: one joined SQL statement
 * whose rows are shaped like ClassInstance (with its class type, apparatus and instructor's name and profile), and one counting
 * the waitlists, so that every field of a row resolves without waiting. Relations the query does not carry (series,
 * the default instructor) are references that field resolvers load on demand.
 */
export async function readSchedule(em: EntityManager, q: ScheduleQuery): Promise<ScheduledClass[]> {
  const { sql, params } = scheduleStatement(q);
  const rows = await em.getConnection().execute<ScheduleRow[]>(sql, params);
  // MikroORM's driver leaves timestamps as text (its hydration parses them); rows skip hydration, so parse here.
  const at = (value: string | Date | null) => (value === null ? null : new Date(value));
  const waiting = await waitlistCounts(
    em,
    rows.map((r) => r.id),
  );
  return rows.map(
    (r) =>
      ({
        id: r.id,
        date: r.date,
        startTime: r.start_time,
        endTime: r.end_time,
        startsAt: at(r.starts_at),
        endsAt: at(r.ends_at),
        capacity: r.capacity,
        spotsTaken: r.spots_taken,
        status: r.status,
        notes: r.notes,
        cancelledAt: at(r.cancelled_at),
        createdAt: at(r.created_at),
        waitlistLength: waiting.get(r.id) ?? 0,
        // References only when asked for: creating entity references is most of this function's cost.
        get series() {
          return r.series_id ? em.getReference(ClassSeries, r.series_id) : null;
        },
        // What PersonSummary shows of an instructor: the name, and the profile (bio, photo) while it is public.
        instructor: {
          id: r.u_id,
          firstName: r.u_first_name,
          lastName: r.u_last_name,
          role: r.u_role,
          isActive: r.u_is_active,
          bio: r.u_bio,
          photoUpdatedAt: at(r.u_photo_updated_at),
        },
        blueprint: {
          id: r.b_id,
          name: r.b_name,
          description: r.b_description,
          level: r.b_level,
          durationMinutes: r.b_duration_minutes,
          defaultCapacity: r.b_default_capacity,
          dropInPriceCents: r.b_drop_in_price_cents,
          usesRigPoints: r.b_uses_rig_points,
          bookingGated: r.b_booking_gated,
          isActive: r.b_is_active,
          createdAt: at(r.b_created_at),
          get defaultInstructor() {
            return r.b_default_instructor_id ? em.getReference(User, r.b_default_instructor_id) : null;
          },
          apparatus: { id: r.a_id, name: r.a_name, description: r.a_description, sortOrder: r.a_sort_order },
        },
      }) as unknown as ScheduledClass,
  );
}
