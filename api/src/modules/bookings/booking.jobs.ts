import { describeClassTime } from '../../common/studio-time.js';
import type { Core } from '../../graphql/context.js';
import { log } from '../../logger.js';
import { CHECK_IN_OPENS_BEFORE_MS } from '../classes/check-in-window.js';
import { ClassStatus } from '../classes/class-instance.entity.js';
import { classPath } from '../classes/class-path.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationData, NotificationService } from '../notifications/notification.service.js';
import { Booking, BookingStatus } from './booking.entity.js';
import type { BookingService } from './booking.service.js';

/** What the booking jobs use. */
export interface BookingJobServices extends Core {
  bookings: BookingService;
  notifications: NotificationService;
}

/** Recurring booking work, run by pg-boss on whichever instance picks it up (each run happens once). */
export const BOOKING_JOBS = {
  'bookings-expire-holds': '* * * * *',
  'bookings-mark-no-shows': '*/5 * * * *',
  'bookings-class-reminders': '*/15 * * * *',
  'bookings-check-in-open': '*/5 * * * *',
} as const;

export async function startBookingJobs(services: BookingJobServices): Promise<void> {
  const { jobs } = services;
  const run = (name: keyof typeof BOOKING_JOBS, work: () => Promise<number>) => async () => {
    const count = await work();
    if (count) log.info('job done', { job: name, count });
  };
  const handlers: Record<keyof typeof BOOKING_JOBS, () => Promise<void>> = {
    'bookings-expire-holds': run('bookings-expire-holds', () => services.bookings.expireHolds(services.orm.em.fork())),
    'bookings-mark-no-shows': run('bookings-mark-no-shows', () => services.bookings.markNoShows(services.orm.em.fork())),
    'bookings-class-reminders': run('bookings-class-reminders', () => sendClassReminders(services)),
    'bookings-check-in-open': run('bookings-check-in-open', () => sendCheckInOpen(services)),
  };
  for (const [name, cron] of Object.entries(BOOKING_JOBS) as [keyof typeof BOOKING_JOBS, string][]) {
    await jobs.createQueue(name);
    await jobs.work(name, handlers[name]);
    await jobs.schedule(name, cron, undefined, { tz: services.env.STUDIO_TIME_ZONE });
  }
}

/** `class_reminder` the day before: confirmed bookings of classes starting in the next 24 hours, once each. */
export async function sendClassReminders(services: BookingJobServices, now = new Date()): Promise<number> {
  return notifyBookings(services, now, 24 * 3600_000, (b) => ({
    type: NotificationType.class_reminder,
    title: 'Class tomorrow',
    message: `Reminder: ${b.attendee.firstName} has ${b.classInstance.blueprint.name} on ${describeClassTime(b.classInstance.startsAt, services.env.STUDIO_TIME_ZONE)}.`,
    link: classPath(b.classInstance),
    dedupeKey: `class_reminder:${b.id}`,
  }));
}

/** `check_in_available` when check-in opens, 30 minutes before class, once each. */
export async function sendCheckInOpen(services: BookingJobServices, now = new Date()): Promise<number> {
  return notifyBookings(services, now, CHECK_IN_OPENS_BEFORE_MS, (b) => ({
    type: NotificationType.check_in_available,
    title: 'Check-in is open',
    message: `Check-in for ${b.classInstance.blueprint.name} at ${b.classInstance.startTime} is open. Check in at the front desk kiosk.`,
    link: '/check-in',
    dedupeKey: `check_in_available:${b.id}`,
  }));
}

async function notifyBookings(
  services: BookingJobServices,
  now: Date,
  withinMs: number,
  message: (b: Booking) => NotificationData,
): Promise<number> {
  const em = services.orm.em.fork();
  const bookings = await em.find(
    Booking,
    {
      status: BookingStatus.confirmed,
      classInstance: { status: ClassStatus.scheduled, startsAt: { $gt: now, $lte: new Date(now.getTime() + withinMs) } },
    },
    { populate: ['attendee.guardian', 'classInstance.blueprint'] },
  );
  let sent = 0;
  for (const booking of bookings) {
    await em.transactional(async (tx) => {
      if (await services.notifications.add(tx, services.notifications.recipientOf(booking.attendee), message(booking))) sent += 1;
    });
  }
  return sent;
}
