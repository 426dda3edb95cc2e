import type { EntityManager } from '@mikro-orm/postgresql';
import { ClassInstance } from '../classes/class-instance.entity.js';
import { classesModule } from '../classes/index.js';
import { defineModule } from '../module.js';
import { notificationsModule } from '../notifications/index.js';
import { settingsModule } from '../settings/index.js';
import { usersModule } from '../users/index.js';
import { waiversModule } from '../waivers/index.js';
import { Booking } from './booking.entity.js';
import { bookingQueues } from './booking.jobs.js';
import { bookingLoaders } from './booking.loaders.js';
import { BookingResolver, WaitlistEntryResolver } from './booking.resolver.js';
import { bookingRestRoutes } from './booking.rest.js';
import { BookingService } from './booking.service.js';
import { bookingTopics } from './booking.topics.js';
import { ClassBookingsResolver } from './class-bookings.resolver.js';
import { SeatsResolver } from './seats.resolver.js';
import { WaitlistEntry } from './waitlist-entry.entity.js';
import { bookingExports } from './bookings.exports.js';

/** Spots in classes: booking, the cart of held spots, cancelling, the waitlist and live seat counts. */
export const bookingsModule = defineModule({
  name: 'bookings',
  exports: bookingExports,
  uses: [usersModule, settingsModule, notificationsModule, waiversModule, classesModule],
  entities: [Booking, WaitlistEntry],
  resolvers: [BookingResolver, WaitlistEntryResolver, ClassBookingsResolver, SeatsResolver],
  topics: bookingTopics,
  service: ({ env, orm, pubsub, settings, notifications, waivers, users, events }) => {
    const bookings = new BookingService(env.STUDIO_TIME_ZONE, pubsub, settings, notifications, waivers, users, events);
    // Seat changes made while this process's LISTEN connection was down were never heard: re-announce them.
    pubsub.onResync(() => bookings.resyncSpots(orm.em.fork()));
    return bookings;
  },
  // A class that is cancelled, rescheduled or resized changes its bookings: classes announce it, bookings react.
  events: (on, { bookings }) => {
    on('class.cancelled', 'inTransaction', async (tx, { classInstanceId, reason }) =>
      bookings.cancelAllFor(tx, await classWithType(tx, classInstanceId), reason),
    );
    on('class.capacity_changed', 'inTransaction', (tx, { classInstanceId }) => bookings.promote(tx, classInstanceId));
    on('class.rescheduled', 'inTransaction', async (tx, { classInstanceId }) =>
      bookings.tellRescheduled(tx, await classWithType(tx, classInstanceId)),
    );
    // A merge of two accounts moves the duplicate's bookings and waitlist places to the kept account.
    on('member.merged', 'inTransaction', (tx, pair) => bookings.mergeMembers(tx, pair));
    on('class.changed', 'afterCommit', (em, { classInstanceIds }) => bookings.announceSpots(em, classInstanceIds));
  },
  loaders: (request) => bookingLoaders(request),
  queues: bookingQueues,
  restRoutes: bookingRestRoutes,
});

/** The class an event names, with its type (already in the transaction's identity map: no query). */
function classWithType(tx: EntityManager, id: string): Promise<ClassInstance> {
  return tx.findOneOrFail(ClassInstance, { id }, { populate: ['blueprint'] });
}
