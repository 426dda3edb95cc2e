import DataLoader from 'dataloader';
import type { LoaderRequest } from '../../graphql/context.js';
import { ACTIVE_BOOKING, Booking } from './booking.entity.js';
import { familyScope } from './booking.policy.js';
import type { BookingService } from './booking.service.js';
import { WaitlistEntry, WaitlistStatus } from './waitlist-entry.entity.js';

type WithId = { id: string };

export function bookingLoaders({ em, viewer, services }: LoaderRequest & { services: { bookings: BookingService } }) {
  /** The viewer's own and their family's rows, grouped by class. */
  const familyRows = <T extends { classInstance: WithId }>(load: (ids: string[]) => Promise<T[]>) =>
    new DataLoader<string, T[]>(async (instanceIds) => {
      const rows = viewer ? await load([...instanceIds]) : [];
      return instanceIds.map((id) => rows.filter((r) => r.classInstance.id === id));
    });
  const family = () => familyScope(viewer!.id);

  return {
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
