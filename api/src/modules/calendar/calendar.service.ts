import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { conflict, notFound, rateLimited } from '../../graphql/errors.js';
import type { RequestQuota } from '../auth/login-limiter.js';
import { Booking, BookingStatus } from '../bookings/booking.entity.js';
import { familyScope, freeCancellationUntil } from '../bookings/booking.policy.js';
import type { BookingService } from '../bookings/booking.service.js';
import { ClassInstance, ClassStatus } from '../classes/class-instance.entity.js';
import type { SettingsService } from '../settings/settings.service.js';
import { STAFF_ROLES } from '../users/role.js';
import type { User } from '../users/user.entity.js';
import { CalendarFeed } from './calendar-feed.entity.js';
import { bookingsCalendar, icsFilename, type StudioCalendar } from './calendar.ics.js';
import type { CalendarFeedLink, CalendarFile } from './calendar.types.js';

/** How far back a feed keeps classes, so a subscribed calendar does not lose the recent past. */
const FEED_HISTORY_DAYS = 30;
/** What a booking's event shows, loaded with it. */
const EVENT_POPULATE = ['classInstance.blueprint.apparatus', 'classInstance.instructor', 'attendee', 'rigPoint'] as const;
/** A feed secret as newFeedToken writes it: anything else names no feed and is not looked up. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const newFeedToken = () => randomBytes(32).toString('base64url');

/** Quotas on the public feed address: per feed (a calendar app asks a few times an hour) and per network. */
export interface FeedQuotas {
  perFeed: RequestQuota;
  perIp: RequestQuota;
}

/**
 * "Add to calendar": one booking as an .ics file, and each member's private feed of their and their family's
 * bookings (the address carries a secret of its own, not a sign-in token; resetting it ends the old address).
 */
export class CalendarService {
  constructor(
    private readonly studio: StudioCalendar,
    private readonly settings: SettingsService,
    private readonly bookings: BookingService,
    private readonly quotas: FeedQuotas,
  ) {}

  private link(token: string): CalendarFeedLink {
    const url = `${this.studio.publicUrl}/api/calendar/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }

  /** The member's feed address, made on first request. */
  async feedLink(em: EntityManager, user: User): Promise<CalendarFeedLink> {
    await em
      .getConnection()
      .execute('insert into calendar_feed (user_id, token) values (?, ?) on conflict (user_id) do nothing', [user.id, newFeedToken()]);
    const feed = await em.findOneOrFail(CalendarFeed, { user: user.id }, { refresh: true });
    return this.link(feed.token);
  }

  /** A new secret: the old address answers 404 from now on. */
  async resetFeed(em: EntityManager, user: User): Promise<CalendarFeedLink> {
    const token = newFeedToken();
    await em
      .getConnection()
      .execute(
        'insert into calendar_feed (user_id, token) values (?, ?) on conflict (user_id) do update set token = excluded.token, created_at = now()',
        [user.id, token],
      );
    return this.link(token);
  }

  /**
   * The feed behind a secret: the owner's and their family's confirmed bookings from the last 30 days on, and for
   * staff the classes they teach (cancelled ones drop out, as cancelled bookings do).
   */
  async feedFile(em: EntityManager, token: string, ip: string | null): Promise<CalendarFile> {
    const wait = await this.quotas.perFeed.secondsToWait([`feed:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`]);
    const ipWait = ip ? await this.quotas.perIp.secondsToWait([`ip:${ip}`]) : 0;
    if (wait || ipWait) throw rateLimited('Too many calendar requests. Please try again later.', Math.max(wait, ipWait));
    const feed = FEED_TOKEN.test(token) ? await em.findOne(CalendarFeed, { token }, { populate: ['user'] }) : null;
    const owner = feed?.user;
    if (!owner || !owner.isActive || owner.removedAt) throw notFound('That calendar feed');

    const since = new Date(Date.now() - FEED_HISTORY_DAYS * 24 * 3600_000);
    const rows = await em.find(
      Booking,
      {
        ...familyScope(owner.id),
        status: { $in: [BookingStatus.confirmed, BookingStatus.no_show] },
        classInstance: { startsAt: { $gte: since } },
      },
      { populate: EVENT_POPULATE, orderBy: { classInstance: { startsAt: 'asc' }, id: 'asc' } },
    );
    const teaching = (STAFF_ROLES as readonly string[]).includes(owner.role)
      ? await em.find(
          ClassInstance,
          { instructor: owner.id, status: ClassStatus.scheduled, startsAt: { $gte: since } },
          { populate: ['blueprint.apparatus'], orderBy: { startsAt: 'asc', id: 'asc' } },
        )
      : [];
    const { cancellationCutoffHours } = await this.settings.get(em);
    const content = bookingsCalendar(
      this.studio,
      rows.map((booking) => ({ booking, freeUntil: freeCancellationUntil(booking.classInstance.startsAt, cancellationCutoffHours) })),
      { viewerId: owner.id, name: `${this.studio.studioName} · ${owner.firstName}'s classes`, feed: true },
      teaching,
    );
    return { filename: icsFilename(this.studio.studioName), content };
  }

  /** One booking as an event to add (whoever may manage it: booking.policy). */
  async bookingFile(em: EntityManager, actor: User, bookingId: string): Promise<CalendarFile> {
    const booking = await this.bookings.findManageable(em, actor, bookingId);
    if (booking.status === BookingStatus.cancelled) throw conflict('This booking is cancelled.');
    await em.populate(booking, EVENT_POPULATE);
    const { cancellationCutoffHours } = await this.settings.get(em);
    const c = booking.classInstance;
    const content = bookingsCalendar(this.studio, [{ booking, freeUntil: freeCancellationUntil(c.startsAt, cancellationCutoffHours) }], {
      viewerId: actor.id,
      name: this.studio.studioName,
      feed: false,
    });
    return { filename: icsFilename(c.blueprint.name, c.date), content };
  }
}
