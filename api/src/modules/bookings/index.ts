import { classesModule } from '../classes/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { settingsModule } from '../settings/index.js';
import { usersModule } from '../users/index.js';
import { waiversModule } from '../waivers/index.js';
import { Booking } from './booking.entity.js';
import { startBookingJobs } from './booking.jobs.js';
import { bookingLoaders } from './booking.loaders.js';
import { BookingResolver, WaitlistEntryResolver } from './booking.resolver.js';
import { bookingRestRoutes } from './booking.rest.js';
import { BookingService } from './booking.service.js';
import { bookingTopics } from './booking.topics.js';
import { ClassBookingsResolver } from './class-bookings.resolver.js';
import { SeatsResolver } from './seats.resolver.js';
import { WaitlistEntry } from './waitlist-entry.entity.js';

/** Spots in classes: booking, the cart of held spots, cancelling, the waitlist and live seat counts. */
export const bookingsModule = defineModule({
  name: 'bookings',
  uses: [usersModule, settingsModule, notificationsModule, waiversModule, classesModule],
  entities: [Booking, WaitlistEntry],
  resolvers: [BookingResolver, WaitlistEntryResolver, ClassBookingsResolver, SeatsResolver],
  topics: bookingTopics,
  service: ({ env, orm, pubsub, settings, notifications, waivers, users, classes }) => {
    const bookings = new BookingService(env.STUDIO_TIME_ZONE, pubsub, settings, notifications, waivers, users);
    // Seat changes made while this process's LISTEN connection was down were never heard: re-announce them.
    pubsub.onResync(() => bookings.resyncSpots(orm.em.fork()));
    // A class that is cancelled, rescheduled or resized changes its bookings: classes announce it, bookings react.
    classes.onChange({
      classCancelled: (tx, instance, reason) => bookings.cancelAllFor(tx, instance, reason),
      capacityChanged: (tx, instanceId) => bookings.promote(tx, instanceId),
      classRescheduled: (tx, instance) => bookings.tellRescheduled(tx, instance),
      classesChanged: (em, instanceIds) => bookings.announceSpots(em, instanceIds),
    });
    return bookings;
  },
  loaders: (request) => bookingLoaders(request),
  jobs: (services) => startBookingJobs(services),
  restRoutes: bookingRestRoutes,
});
