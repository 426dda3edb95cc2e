import { describeClassTime } from '../../common/studio-time.js';
import type { Core } from '../../graphql/context.js';
import type { QueueDeclaration } from '../../jobs/queue-declaration.js';
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

/** Recurring booking work, run by pg-boss on whichever instance picks it up (each run happens once), in the studio's zone. */
export const bookingQueues: QueueDeclaration<BookingJobServices>[] = [
  {
    name: 'bookings-expire-holds',
    description: 'Lets go of held spots whose payment time is up',
    cron: '* * * * *',
    timeZone: 'studio',
    run: (services) => services.bookings.expireHolds(services.orm.em.fork()),
  },
  {
    name: 'bookings-mark-no-shows',
    description: 'Marks confirmed bookings of finished classes without a check-in as no-shows',
    cron: '*/5 * * * *',
    timeZone: 'studio',
    run: (services) => services.bookings.markNoShows(services.orm.em.fork()),
  },
  {
    name: 'bookings-class-reminders',
    description: 'Reminds attendees of their classes the day before',
    cron: '*/15 * * * *',
    timeZone: 'studio',
    run: (services) => sendClassReminders(services),
  },
  {
    name: 'bookings-check-in-open',
    description: 'Tells attendees when check-in opens, 30 minutes before class',
    cron: '*/5 * * * *',
    timeZone: 'studio',
    run: (services) => sendCheckInOpen(services),
  },
];

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
