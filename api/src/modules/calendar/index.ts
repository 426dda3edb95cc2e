import { mergeCalendar } from './calendar.merge.js';
import { RequestQuota } from '../auth/login-limiter.js';
import { bookingsModule } from '../bookings/index.js';
import { defineModule } from '../module.js';
import { settingsModule } from '../settings/index.js';
import { CalendarFeed } from './calendar-feed.entity.js';
import { CalendarResolver } from './calendar.resolver.js';
import { calendarRestRoutes } from './calendar.rest.js';
import { CalendarService } from './calendar.service.js';

/** Add to calendar: a booking as an .ics file, and each member's private feed of their family's bookings. */
export const calendarModule = defineModule({
  name: 'calendar',
  uses: [settingsModule, bookingsModule],
  entities: [CalendarFeed],
  resolvers: [CalendarResolver],
  service: ({ env, orm, settings, bookings }) => {
    const limiterEm = orm.em.fork();
    return new CalendarService(
      { studioName: env.STUDIO_NAME, timeZone: env.STUDIO_TIME_ZONE, publicUrl: env.publicUrl },
      settings,
      bookings,
      {
        // A calendar app asks a few times an hour; Google's and Apple's fetchers ask for many members from few addresses.
        perFeed: new RequestQuota(limiterEm, 'calendar-feed', 60, 3600),
        perIp: new RequestQuota(limiterEm, 'calendar-ip', 1200, 3600),
      },
    );
  },
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeCalendar(tx, pair)),
  restRoutes: calendarRestRoutes,
});
