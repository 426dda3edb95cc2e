import { fullName } from '@studio/rules';
import type { EntityManager } from '@mikro-orm/postgresql';
import { toCsv } from '../../common/csv.js';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { likePattern, offsetOf, type PageArgs } from '../../common/paging.js';
import { badInput } from '../../graphql/errors.js';
import { ACTIVE_BOOKING, Booking, BookingStatus } from '../bookings/booking.entity.js';
import type { BookingService } from '../bookings/booking.service.js';
import type { CheckInService } from '../checkin/checkin.service.js';
import type { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';

/** How an attendee's place in a class ended up, as shown in attendance tables and the CSV export. */
export function attendanceState(b: Pick<Booking, 'status' | 'checkedInAt' | 'lateCancel'>): string {
  if (b.checkedInAt) return 'checked in';
  if (b.status === BookingStatus.no_show) return 'no-show';
  if (b.status === BookingStatus.cancelled) return b.lateCancel ? 'late cancellation' : 'cancelled';
  if (b.status === BookingStatus.held) return 'held';
  return 'booked';
}

export class AttendanceService {
  constructor(
    private readonly checkIn: CheckInService,
    private readonly bookings: BookingService,
  ) {}

  /** Staff mark an attendee present (checked in) or absent; the booking comes back as it now is. */
  async markAttendance(em: EntityManager, actor: User, bookingId: string, present: boolean): Promise<Booking> {
    const booking = await this.checkIn.staffCheckIn(em, actor, bookingId, present);
    // Absent after class is a no-show (its fee is charged); present again clears an unpaid no-show fee.
    await this.bookings.attendanceMarked(em.fork(), booking.id);
    return em.findOneOrFail(Booking, { id: booking.id }, { refresh: true });
  }

  /** Everyone booked in a class, with no-shows and late cancellations, by first name. */
  roster(em: EntityManager, classInstanceId: string): Promise<Booking[]> {
    return em.find(
      Booking,
      { classInstance: classInstanceId, $or: [{ status: { $in: [...ACTIVE_BOOKING, BookingStatus.no_show] } }, { lateCancel: true }] },
      { populate: ['attendee.guardian'], orderBy: { attendee: { firstName: 'asc', lastName: 'asc' } } },
    );
  }

  /** Active people to book into a class, by name or username (at most 20). */
  /** People whose name or username matches, among `roles` (whom the searching staff member may book), at most 20. */
  findAttendees(em: EntityManager, search: string, roles: Role[]): Promise<User[]> {
    const pattern = likePattern(search.trim().slice(0, 100));
    return em.find(
      User,
      {
        isActive: true,
        removedAt: null,
        role: { $in: roles },
        $or: [{ firstName: { $ilike: pattern } }, { lastName: { $ilike: pattern } }, { username: { $ilike: pattern } }],
      },
      { populate: ['guardian'], orderBy: { firstName: 'asc', lastName: 'asc' }, limit: 20 },
    );
  }

  /** One person's class history, newest first. */
  async history(em: EntityManager, userId: string, page: PageArgs): Promise<{ items: Booking[]; total: number }> {
    const [items, total] = await em.findAndCount(
      Booking,
      { attendee: userId },
      {
        populate: ['classInstance.blueprint.apparatus'],
        orderBy: { classInstance: { startsAt: 'desc' }, id: 'asc' },
        limit: page.pageSize,
        offset: offsetOf(page),
      },
    );
    return { items, total };
  }

  /** Every booking of classes dated between `from` and `to` (studio dates), for the export. */
  async bookingsBetween(em: EntityManager, from: string, to: string): Promise<Booking[]> {
    const days = differenceInCalendarDays(parseISO(to), parseISO(from));
    if (days < 0 || days > 366) throw badInput('Choose a date range of at most one year.', { to: 'At most one year after the start.' });
    return em.find(
      Booking,
      { classInstance: { date: { $gte: from, $lte: to } }, status: { $ne: BookingStatus.held } },
      {
        populate: ['classInstance.blueprint.apparatus', 'classInstance.instructor', 'attendee'],
        orderBy: { classInstance: { startsAt: 'asc' }, attendee: { lastName: 'asc' } },
      },
    );
  }

  async csv(em: EntityManager, from: string, to: string): Promise<string> {
    const rows = (await this.bookingsBetween(em, from, to)).map((b) => [
      b.classInstance.date,
      b.classInstance.startTime,
      b.classInstance.blueprint.name,
      b.classInstance.blueprint.apparatus.name,
      fullName(b.classInstance.instructor),
      b.attendee.firstName,
      b.attendee.lastName,
      attendanceState(b),
      b.checkedInAt?.toISOString() ?? '',
      b.source,
    ]);
    return toCsv(
      ['date', 'start', 'class', 'apparatus', 'instructor', 'first name', 'last name', 'attendance', 'checked in at', 'booked via'],
      rows,
    );
  }
}
