import type { EntityManager } from '@mikro-orm/postgresql';
import { toCsv } from '../../common/csv.js';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { badInput } from '../../graphql/errors.js';
import { Booking, BookingStatus } from '../bookings/booking.entity.js';

/** How an attendee's place in a class ended up, as shown in attendance tables and the CSV export. */
export function attendanceState(b: Pick<Booking, 'status' | 'checkedInAt' | 'lateCancel'>): string {
  if (b.checkedInAt) return 'checked in';
  if (b.status === BookingStatus.no_show) return 'no-show';
  if (b.status === BookingStatus.cancelled) return b.lateCancel ? 'late cancellation' : 'cancelled';
  if (b.status === BookingStatus.held) return 'held';
  return 'booked';
}

export class AttendanceService {
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
      `${b.classInstance.instructor.firstName} ${b.classInstance.instructor.lastName}`,
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
