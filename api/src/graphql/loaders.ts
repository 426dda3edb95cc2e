import { Utils, wrap, type EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Services } from '../services.js';
import { ACTIVE_BOOKING, Booking } from '../modules/bookings/booking.entity.js';
import { familyScope } from '../modules/bookings/booking.policy.js';
import { WaitlistEntry, WaitlistStatus } from '../modules/bookings/waitlist-entry.entity.js';
import { RigPoint } from '../modules/classes/apparatus.entity.js';
import { waitlistCounts } from '../modules/classes/schedule.read-model.js';
import type { StudioSettings } from '../modules/settings/studio-settings.entity.js';
import { User } from '../modules/users/user.entity.js';

type WithId = { id: string };

export interface SeriesStats {
  scheduledClasses: number;
  upcomingClasses: number;
  nextClassDate: string | null;
}

/** Per-request batch loaders, so list fields cost one query per relation, not one per row. */
/** `em` forks the request's entity manager on first use (see createContext). */
export function createLoaders(em: () => EntityManager, services: Services, viewer: User | null) {
  const byClass = new Map<EntityClass<WithId>, DataLoader<string, WithId>>();
  const entity = <T extends WithId>(cls: EntityClass<T>): DataLoader<string, T> => {
    let loader = byClass.get(cls as EntityClass<WithId>);
    if (!loader) {
      loader = new DataLoader<string, WithId>(async (ids) => {
        const rows = (await em().find(cls, { id: { $in: [...ids] } } as never)) as WithId[];
        const map = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => map.get(id) ?? new Error(`${cls.name} ${id} not found`));
      });
      byClass.set(cls as EntityClass<WithId>, loader);
    }
    return loader as unknown as DataLoader<string, T>;
  };

  /** The viewer's own and their family's rows, grouped by class. */
  const familyRows = <T extends { classInstance: WithId }>(load: (ids: string[]) => Promise<T[]>) =>
    new DataLoader<string, T[]>(async (instanceIds) => {
      const rows = viewer ? await load([...instanceIds]) : [];
      return instanceIds.map((id) => rows.filter((r) => r.classInstance.id === id));
    });
  const family = () => familyScope(viewer!.id);

  return {
    /** Loads `ref` when it is an unpopulated entity reference; loaded entities and read-model rows pass through at once. */
    load<T extends WithId>(cls: EntityClass<T>, ref: T): T | Promise<T> {
      return Utils.isEntity(ref) && !wrap(ref).isInitialized() ? entity(cls).load(ref.id) : ref;
    },
    settings: new DataLoader<number, StudioSettings>(async (keys) => {
      const settings = await services.settings.get(em());
      return keys.map(() => settings);
    }),
    /** Whether each user has signed the current waiver version. */
    waiverSigned: new DataLoader<string, boolean>(async (userIds) => {
      const signed = await services.waivers.signedUserIds(em(), [...userIds]);
      return userIds.map((id) => signed.has(id));
    }),
    /** Active family members managed by each guardian. */
    familyMembers: new DataLoader<string, User[]>(async (guardianIds) => {
      const members = await em().find(
        User,
        { guardian: { $in: [...guardianIds] }, removedAt: null },
        { orderBy: { birthday: 'asc', firstName: 'asc' } },
      );
      return guardianIds.map((id) => members.filter((m) => m.guardian?.id === id));
    }),
    /** People waiting in line for each class. */
    waitlistLength: new DataLoader<string, number>(async (instanceIds) => {
      const counts = await waitlistCounts(em(), instanceIds);
      return instanceIds.map((id) => counts.get(id) ?? 0);
    }),
    /** Scheduled classes of each series: how many in all, how many not yet started, and the next one's date. */
    seriesStats: new DataLoader<string, SeriesStats>(async (seriesIds) => {
      const rows = await em()
        .getConnection()
        .execute<(SeriesStats & { id: string })[]>(
          `select series_id as id, count(*)::int as "scheduledClasses",
            (count(*) filter (where starts_at > now()))::int as "upcomingClasses",
            (min(date) filter (where starts_at > now()))::text as "nextClassDate"
          from class_instance where status = 'scheduled' and series_id in (${seriesIds.map(() => '?').join(', ')}) group by series_id`,
          [...seriesIds],
        );
      const stats = new Map(rows.map((r) => [r.id, r]));
      return seriesIds.map((id) => stats.get(id) ?? { scheduledClasses: 0, upcomingClasses: 0, nextClassDate: null });
    }),
    /** The viewer's family's active bookings per class. */
    myBookings: familyRows((ids) =>
      em().find(Booking, { classInstance: { $in: ids }, status: { $in: [...ACTIVE_BOOKING] }, ...family() }, { populate: ['attendee'] }),
    ),
    /** The viewer's family's open waitlist entries per class. */
    myWaitlist: familyRows((ids) =>
      em().find(WaitlistEntry, { classInstance: { $in: ids }, status: WaitlistStatus.waiting, ...family() }, { populate: ['attendee'] }),
    ),
    /** Place in line of waiting entries. */
    waitlistPosition: new DataLoader<string, number | null>(async (entryIds) => {
      const positions = await services.bookings.positions(em(), entryIds);
      return entryIds.map((id) => positions.get(id) ?? null);
    }),
    /** Rig points of each apparatus, in order. */
    rigPoints: new DataLoader<string, RigPoint[]>(async (apparatusIds) => {
      const points = await em().find(
        RigPoint,
        { apparatus: { $in: [...apparatusIds] }, isActive: true },
        { orderBy: { sortOrder: 'asc' } },
      );
      return apparatusIds.map((id) => points.filter((p) => p.apparatus.id === id));
    }),
    /** Rig points already taken in each class. */
    takenRigPoints: new DataLoader<string, Set<string>>(async (instanceIds) => {
      const rows = await em().find(
        Booking,
        { classInstance: { $in: [...instanceIds] }, status: { $in: [...ACTIVE_BOOKING] }, rigPoint: { $ne: null } },
        { fields: ['classInstance', 'rigPoint'] },
      );
      return instanceIds.map((id) => new Set(rows.filter((b) => b.classInstance.id === id).map((b) => b.rigPoint!.id)));
    }),
  };
}
export type Loaders = ReturnType<typeof createLoaders>;
