import { sql, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { badInput, conflict, notFound, rateLimited, unauthenticated } from '../../graphql/errors.js';
import type { FailureLimiter, RequestQuota } from '../auth/login-limiter.js';
import { hashPassword, verifyPassword } from '../users/password.js';
import type { DomainEvents } from '../../events/domain-events.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PurposeClaims, TokenSigner } from '../auth/tokens.js';
import { Booking, BookingStatus } from '../bookings/booking.entity.js';
import { familyScope } from '../bookings/booking.policy.js';
import { CHECK_IN_CLOSES_AFTER_MS, CHECK_IN_OPENS_BEFORE_MS } from '../classes/check-in-window.js';
import { ClassInstance, ClassStatus } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import {
  assertMayKioskCheckIn,
  assertMayKioskTapIn,
  assertMayMarkAttendance,
  assertMayUseKioskScreen,
  kioskAccountOf,
  kioskName,
  mayUseKioskScreen,
  type KioskPinCheck,
} from './checkin.policy.js';

const KIOSK_SESSION_SECONDS = 5 * 60;
const CHECKIN_CODE_SECONDS = 30 * 24 * 3600;
/** A screen stays set up as the kiosk this long (or until whoever set it up signs out everywhere or leaves the staff). */
export const KIOSK_SCREEN_SECONDS = 180 * 24 * 3600;
/** Name lookups (finding, rosters, taps) per kiosk screen: a busy class start needs a few a minute. */
export const KIOSK_LOOKUPS = { points: 120, windowSeconds: 10 * 60 };
/** At most this many names answer one lookup: type another letter to narrow it down. */
const KIOSK_FIND_LIMIT = 12;
const SCREEN_ENDED = 'This screen is no longer set up as the check-in kiosk. Ask a staff member to set it up again.';

export interface KioskSession {
  token: string;
  member: User;
  bookings: Booking[];
  /** Whom the kiosk greets: the member, or the person whose name was tapped. */
  greet?: User;
}

/** Someone booked into a class open now, as the shared kiosk screen lists them. */
export interface KioskEntryData {
  booking: Booking;
  name: string;
  needsPin: boolean;
}

/** The screen a staff member set up as the kiosk: who did, and until when it works. */
export interface KioskScreen {
  setUpBy: User;
  expiresAt: Date;
}

const notFoundClass = () => notFound('That class open for check-in');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A LIKE pattern for names starting with `text`. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The kiosk at the front desk and staff check-in. Anonymous kiosk visitors never see names. */
export class CheckInService {
  constructor(
    private readonly tokens: TokenSigner,
    private readonly limiter: FailureLimiter,
    private readonly auth: AuthService,
    private readonly lookups: RequestQuota,
    private readonly events: DomainEvents,
  ) {}

  isOpen(instance: ClassInstance, now = Date.now()): boolean {
    return (
      instance.status === ClassStatus.scheduled &&
      instance.startsAt.getTime() - CHECK_IN_OPENS_BEFORE_MS <= now &&
      now <= instance.startsAt.getTime() + CHECK_IN_CLOSES_AFTER_MS
    );
  }

  /** Classes open for check-in right now. */
  async openClasses(em: EntityManager, now = new Date()): Promise<ClassInstance[]> {
    return em.find(
      ClassInstance,
      {
        status: ClassStatus.scheduled,
        startsAt: { $lte: new Date(now.getTime() + CHECK_IN_OPENS_BEFORE_MS), $gte: new Date(now.getTime() - CHECK_IN_CLOSES_AFTER_MS) },
      },
      { populate: ['blueprint.apparatus', 'instructor'], orderBy: { startsAt: 'asc' } },
    );
  }

  async setPin(em: EntityManager, user: User, pin: string): Promise<void> {
    if (!/^\d{4}$/.test(pin)) throw badInput('Your check-in PIN must be 4 digits.', { pin: 'Use exactly 4 digits.' });
    if (/^(\d)\1{3}$/.test(pin) || '0123456789'.includes(pin) || '9876543210'.includes(pin)) {
      throw badInput('Pick a PIN that is harder to guess than repeated or consecutive digits.', { pin: 'Too easy to guess.' });
    }
    user.checkInPinHash = await hashPassword(pin);
    await em.flush();
  }

  /** The member's QR code and whether they have set a PIN. */
  async myCheckIn(em: EntityManager, user: User, sessionId: string): Promise<{ code: string; hasPin: boolean }> {
    const me = await em.findOneOrFail(User, { id: user.id }, { populate: ['checkInPinHash'] });
    return { code: await this.checkInCode(me, sessionId), hasPin: me.checkInPinHash !== null };
  }

  /**
   * A QR code the member shows to the kiosk camera: a signed token naming them, valid 30 days, or until the session
   * it was shown in signs out.
   */
  checkInCode(user: User, sessionId: string): Promise<string> {
    return this.tokens.signFor('checkin-code', { userId: user.id, tokenVersion: user.tokenVersion, sessionId }, CHECKIN_CODE_SECONDS);
  }

  /** Username + PIN at the kiosk. Failures are rate-limited per username and per IP. */
  async signInWithPin(em: EntityManager, username: string, pin: string, ip: string | null): Promise<KioskSession> {
    await this.limiter.assertAllowed(username, ip);
    const user = await em.findOne(
      User,
      { [sql.lower('username')]: username.trim().toLowerCase(), isActive: true },
      { populate: ['checkInPinHash'] },
    );
    const ok = await verifyPassword(pin, user?.checkInPinHash);
    if (!user || !ok) {
      await this.limiter.recordFailure(username, ip);
      throw unauthenticated('That username and PIN do not match. Members set their PIN on the profile page.');
    }
    await this.limiter.recordSuccess(username);
    return this.session(em, user);
  }

  async signInWithCode(em: EntityManager, code: string): Promise<KioskSession> {
    const user = await this.holder(em, await this.tokens.verifyFor('checkin-code', code));
    if (!user) throw unauthenticated('That code is not valid. Open your dashboard for a fresh one.');
    return this.session(em, user);
  }

  /** The active member a check-in QR code names (the front desk's member lookup reads the same code), or null. */
  async memberForCode(em: EntityManager, code: string): Promise<User | null> {
    return this.holder(em, await this.tokens.verifyFor('checkin-code', code));
  }

  /** The active member a kiosk token or QR code names, while their sessions have not been ended since. */
  private async holder(em: EntityManager, claims: PurposeClaims | null): Promise<User | null> {
    if (!claims) return null;
    if (claims.sessionId && !(await this.auth.isSessionOpen(em, claims.sessionId))) return null;
    const user = await em.findOne(User, { id: claims.userId, isActive: true });
    return user && user.tokenVersion === claims.tokenVersion ? user : null;
  }

  private async session(em: EntityManager, user: User, greet?: User): Promise<KioskSession> {
    return {
      token: await this.tokens.signFor('kiosk', { userId: user.id, tokenVersion: user.tokenVersion }, KIOSK_SESSION_SECONDS),
      member: user,
      bookings: await this.bookingsOpenFor(em, user),
      ...(greet ? { greet } : {}),
    };
  }

  /** The member's and their family's confirmed bookings in classes open for check-in. */
  async bookingsOpenFor(em: EntityManager, user: User): Promise<Booking[]> {
    const open = await this.openClasses(em);
    if (open.length === 0) return [];
    return em.find(
      Booking,
      {
        classInstance: { $in: open.map((c) => c.id) },
        status: BookingStatus.confirmed,
        ...familyScope(user.id),
      },
      {
        populate: ['attendee', 'classInstance.blueprint.apparatus', 'classInstance.instructor'],
        orderBy: { classInstance: { startsAt: 'asc' }, attendee: { firstName: 'asc' } },
      },
    );
  }

  /** Checks in bookings chosen on the kiosk; each must belong to the signed-in member's family and be open now. */
  async kioskCheckIn(em: EntityManager, kioskToken: string, bookingIds: string[]): Promise<KioskSession> {
    const user = await this.holder(em, await this.tokens.verifyFor('kiosk', kioskToken));
    if (!user) throw unauthenticated('The kiosk session has ended. Please sign in again.');
    const allowed = new Map((await this.bookingsOpenFor(em, user)).map((b) => [b.id, b]));
    assertMayKioskCheckIn(allowed, bookingIds);
    const arriving = bookingIds.map((id) => allowed.get(id)!).filter((b) => !b.checkedInAt);
    await em.transactional(async (tx) => {
      for (const booking of arriving) booking.checkedInAt = new Date();
      await tx.flush();
      if (arriving.length) await this.events.emit(tx, 'booking.checked_in', { bookingIds: arriving.map((b) => b.id), by: 'kiosk' });
    });
    return { token: kioskToken, member: user, bookings: [...allowed.values()] };
  }

  // ── the kiosk screen: finding oneself by name, or on the roster of a class open now ─────────────────────

  /** Sets up the screen a staff member is using as the front-desk kiosk: a device token kept on that screen. */
  async setUpKioskScreen(actor: User): Promise<{ token: string } & KioskScreen> {
    assertMayUseKioskScreen(actor);
    const token = await this.tokens.signFor('kiosk-device', { userId: actor.id, tokenVersion: actor.tokenVersion }, KIOSK_SCREEN_SECONDS);
    return { token, setUpBy: actor, expiresAt: new Date(Date.now() + KIOSK_SCREEN_SECONDS * 1000) };
  }

  /** The kiosk screen a device token names, while whoever set it up is still active staff with the same sessions; else null. */
  async kioskScreen(em: EntityManager, deviceToken: string): Promise<KioskScreen | null> {
    const claims = await this.tokens.verifyFor('kiosk-device', deviceToken);
    const setUpBy = await this.holder(em, claims);
    if (!setUpBy || !mayUseKioskScreen(setUpBy) || !claims?.expiresAt) return null;
    return { setUpBy, expiresAt: claims.expiresAt };
  }

  /** Every name lookup starts here: a screen set up as the kiosk, within its quota. */
  private async assertKioskScreen(em: EntityManager, deviceToken: string): Promise<void> {
    if (!(await this.kioskScreen(em, deviceToken))) throw unauthenticated(SCREEN_ENDED);
    if (!(await this.lookups.allow([`screen:${sha256(deviceToken).slice(0, 32)}`])))
      throw rateLimited('The kiosk is busy. Please wait a minute, or check in with your PIN.', KIOSK_LOOKUPS.windowSeconds);
  }

  /**
   * People booked into a class open for check-in whose first or last name starts with `letters` ("mi", or "mia r" for
   * first and last name), at most 12. Nobody else is ever listed.
   */
  async findByName(em: EntityManager, deviceToken: string, letters: string): Promise<KioskEntryData[]> {
    await this.assertKioskScreen(em, deviceToken);
    const words = letters.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return [];
    const [first, ...rest] = words;
    const attendee =
      rest.length === 0
        ? { $or: [{ firstName: { $ilike: startsWith(first) } }, { lastName: { $ilike: startsWith(first) } }] }
        : { firstName: { $ilike: startsWith(first) }, lastName: { $ilike: startsWith(rest.join(' ')) } };
    return this.entries(em, await this.openClasses(em), { attendee }, KIOSK_FIND_LIMIT);
  }

  /** Everyone booked into one class open for check-in now, by first name. */
  async roster(em: EntityManager, deviceToken: string, classInstanceId: string): Promise<KioskEntryData[]> {
    await this.assertKioskScreen(em, deviceToken);
    const open = await this.openClasses(em);
    if (!open.some((c) => c.id === classInstanceId)) throw notFoundClass();
    return this.entries(em, open, { classInstance: classInstanceId });
  }

  /** Confirmed bookings in classes open now, matching `where`, with the names the screen may show. */
  private async entries(em: EntityManager, open: ClassInstance[], where: FilterQuery<Booking>, limit?: number): Promise<KioskEntryData[]> {
    if (open.length === 0) return [];
    const bookings = await em.find(
      Booking,
      { $and: [where, { classInstance: { $in: open.map((c) => c.id) }, status: BookingStatus.confirmed }] },
      {
        populate: ['attendee.guardian', 'classInstance.blueprint'],
        orderBy: { attendee: { firstName: 'asc', lastName: 'asc' }, classInstance: { startsAt: 'asc' }, id: 'asc' },
        ...(limit ? { limit } : {}),
      },
    );
    const withPin = await this.accountsWithPin(
      em,
      bookings.map((b) => kioskAccountOf(b.attendee)?.id).filter((id): id is string => Boolean(id)),
    );
    return bookings.map((booking) => ({
      booking,
      name: kioskName(booking.attendee),
      needsPin: withPin.has(kioskAccountOf(booking.attendee)?.id ?? ''),
    }));
  }

  private async accountsWithPin(em: EntityManager, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await em.find(User, { id: { $in: [...new Set(ids)] }, checkInPinHash: { $ne: null } }, { fields: ['id'] });
    return new Set(rows.map((r) => r.id));
  }

  /**
   * A tap on a name: the family's check-in opens (as after a PIN sign-in) greeting the person tapped. A family with a
   * check-in PIN gives it first; wrong PINs count towards the same lock as username + PIN.
   */
  async tapIn(em: EntityManager, deviceToken: string, bookingId: string, pin: string | null, ip: string | null): Promise<KioskSession> {
    await this.assertKioskScreen(em, deviceToken);
    const open = await this.openClasses(em);
    const booking = await em.findOne(
      Booking,
      { id: bookingId, status: BookingStatus.confirmed, classInstance: { $in: open.map((c) => c.id) } },
      { populate: ['attendee.guardian'] },
    );
    const account = booking ? kioskAccountOf(booking.attendee) : null;
    const holder = account ? await em.findOne(User, { id: account.id, isActive: true }, { populate: ['checkInPinHash'] }) : null;
    let check: KioskPinCheck = 'no PIN set';
    if (holder?.checkInPinHash) {
      if (!pin) check = 'missing';
      else {
        await this.limiter.assertAllowed(holder.username!, ip);
        check = (await verifyPassword(pin, holder.checkInPinHash)) ? 'right' : 'wrong';
        if (check === 'wrong') await this.limiter.recordFailure(holder.username!, ip);
        else await this.limiter.recordSuccess(holder.username!);
      }
    }
    assertMayKioskTapIn(Boolean(booking && holder), check);
    return this.session(em, holder!, booking!.attendee);
  }

  /** Staff check-in (the class's instructor or an admin), any time from check-in opening until the day ends. */
  async staffCheckIn(em: EntityManager, actor: User, bookingId: string, present: boolean): Promise<Booking> {
    const booking = await em.findOne(Booking, { id: bookingId }, { populate: ['classInstance', 'attendee'] });
    assertMayMarkAttendance(actor, booking);
    if (booking.status === BookingStatus.cancelled || booking.status === BookingStatus.held)
      throw conflict('Only confirmed bookings can be checked in.');
    if (booking.classInstance.startsAt.getTime() - CHECK_IN_OPENS_BEFORE_MS > Date.now())
      throw badInput('Check-in opens 30 minutes before class.');
    const arriving = present && !booking.checkedInAt;
    if (present) {
      booking.checkedInAt ??= new Date();
      booking.status = BookingStatus.confirmed;
    } else {
      booking.checkedInAt = null;
      // Marking someone absent after class is a no-show; before the end it just undoes the check-in.
      if (booking.classInstance.endsAt.getTime() <= Date.now()) booking.status = BookingStatus.no_show;
    }
    await em.transactional(async (tx) => {
      await tx.flush();
      if (arriving) await this.events.emit(tx, 'booking.checked_in', { bookingIds: [booking.id], by: 'staff' });
    });
    return booking;
  }
}
