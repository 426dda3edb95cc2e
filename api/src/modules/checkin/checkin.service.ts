import { sql, type EntityManager } from '@mikro-orm/postgresql';
import { badInput, conflict, unauthenticated } from '../../graphql/errors.js';
import type { FailureLimiter } from '../auth/login-limiter.js';
import { hashPassword, verifyPassword } from '../users/password.js';
import type { AuthService } from '../auth/auth.service.js';
import type { PurposeClaims, TokenSigner } from '../auth/tokens.js';
import { Booking, BookingStatus } from '../bookings/booking.entity.js';
import { familyScope } from '../bookings/booking.policy.js';
import { CHECK_IN_CLOSES_AFTER_MS, CHECK_IN_OPENS_BEFORE_MS } from '../classes/check-in-window.js';
import { ClassInstance, ClassStatus } from '../classes/class-instance.entity.js';
import { User } from '../users/user.entity.js';
import { assertMayKioskCheckIn, assertMayMarkAttendance } from './checkin.policy.js';

const KIOSK_SESSION_SECONDS = 5 * 60;
const CHECKIN_CODE_SECONDS = 30 * 24 * 3600;

export interface KioskSession {
  token: string;
  member: User;
  bookings: Booking[];
}

/** The kiosk at the front desk and staff check-in. Anonymous kiosk visitors never see names. */
export class CheckInService {
  constructor(
    private readonly tokens: TokenSigner,
    private readonly limiter: FailureLimiter,
    private readonly auth: AuthService,
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

  /** The active member a kiosk token or QR code names, while their sessions have not been ended since. */
  private async holder(em: EntityManager, claims: PurposeClaims | null): Promise<User | null> {
    if (!claims) return null;
    if (claims.sessionId && !(await this.auth.isSessionOpen(em, claims.sessionId))) return null;
    const user = await em.findOne(User, { id: claims.userId, isActive: true });
    return user && user.tokenVersion === claims.tokenVersion ? user : null;
  }

  private async session(em: EntityManager, user: User): Promise<KioskSession> {
    return {
      token: await this.tokens.signFor('kiosk', { userId: user.id, tokenVersion: user.tokenVersion }, KIOSK_SESSION_SECONDS),
      member: user,
      bookings: await this.bookingsOpenFor(em, user),
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
    for (const id of bookingIds) allowed.get(id)!.checkedInAt ??= new Date();
    await em.flush();
    return { token: kioskToken, member: user, bookings: [...allowed.values()] };
  }

  /** Staff check-in (the class's instructor or an admin), any time from check-in opening until the day ends. */
  async staffCheckIn(em: EntityManager, actor: User, bookingId: string, present: boolean): Promise<Booking> {
    const booking = await em.findOne(Booking, { id: bookingId }, { populate: ['classInstance', 'attendee'] });
    assertMayMarkAttendance(actor, booking);
    if (booking.status === BookingStatus.cancelled || booking.status === BookingStatus.held)
      throw conflict('Only confirmed bookings can be checked in.');
    if (booking.classInstance.startsAt.getTime() - CHECK_IN_OPENS_BEFORE_MS > Date.now())
      throw badInput('Check-in opens 30 minutes before class.');
    if (present) {
      booking.checkedInAt ??= new Date();
      booking.status = BookingStatus.confirmed;
    } else {
      booking.checkedInAt = null;
      // Marking someone absent after class is a no-show; before the end it just undoes the check-in.
      if (booking.classInstance.endsAt.getTime() <= Date.now()) booking.status = BookingStatus.no_show;
    }
    await em.flush();
    return booking;
  }
}
