import type { EntityClass, EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { addDays } from 'date-fns';
import { randomBytes, randomUUID } from 'node:crypto';
import { studioWallClock } from '../src/common/studio-time.js';
import { Booking, BookingSource, BookingStatus, PaymentStatus } from '../src/modules/bookings/booking.entity.js';
import { WaitlistEntry } from '../src/modules/bookings/waitlist-entry.entity.js';
import { Apparatus } from '../src/modules/classes/apparatus.entity.js';
import { ClassBlueprint } from '../src/modules/classes/class-blueprint.entity.js';
import { ClassInstance } from '../src/modules/classes/class-instance.entity.js';
import { StudioClosure } from '../src/modules/classes/studio-closure.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { Feedback, FeedbackCategory } from '../src/modules/feedback/feedback.entity.js';
import { BillingInterval, ClassPack, Membership, MembershipPlan } from '../src/modules/memberships/membership.entity.js';
import { Move, MoveLevel } from '../src/modules/moves/move.entity.js';
import { Notification, NotificationType } from '../src/modules/notifications/notification.entity.js';
import { hashPassword } from '../src/modules/users/password.js';
import { Role } from '../src/modules/users/role.js';
import { User } from '../src/modules/users/user.entity.js';
import { Video, VideoProcessing } from '../src/modules/videos/video.entity.js';
import type { TestApp } from './app.js';

export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | null = null;

const unique = () => randomBytes(4).toString('hex');

export function em(t: TestApp): EntityManager {
  return t.app.services.orm.em.fork();
}

/** YYYY-MM-DD for someone `years` old today (plus a few days, so birthdays never fall on the test date). */
export function birthdayForAge(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 20);
  return d.toISOString().slice(0, 10);
}

export interface MadeUser {
  user: User;
  token: string;
  username: string;
}

/** An account with login (password TEST_PASSWORD) and a valid session token. */
export async function makeUser(
  t: TestApp,
  opts: { role?: Role; age?: number; signed?: boolean; firstName?: string; lastName?: string } = {},
): Promise<MadeUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const e = em(t);
  const name = unique();
  const user = new User({
    firstName: opts.firstName ?? `First${name}`,
    lastName: opts.lastName ?? `Last${name}`,
    birthday: birthdayForAge(opts.age ?? 30),
    role: opts.role ?? Role.student,
  });
  user.username = `user_${name}`;
  user.email = `user_${name}@example.test`;
  user.passwordHash = await passwordHash;
  await e.persistAndFlush(user);
  if (opts.signed) await t.app.services.waivers.sign(e, user, [user.id], { ip: null, userAgent: 'test' });
  return { user, token: await tokenFor(t, user), username: user.username };
}

/** Opens a session for `user` (as a sign-in would) and answers its token. */
export function tokenFor(t: TestApp, user: User, userAgent = 'factory'): Promise<string> {
  return t.app.services.auth.openSession(em(t), user, { ip: null, userAgent });
}

/** A family member without login under `guardian`. */
export async function makeFamilyMember(t: TestApp, guardian: User, age: number, firstName = 'Kid'): Promise<User> {
  const e = em(t);
  const member = new User({ firstName, lastName: guardian.lastName, birthday: birthdayForAge(age) });
  member.guardian = e.getReference(User, guardian.id);
  await e.persistAndFlush(member);
  return member;
}

/**
 * Factories: `buildX(t, overrides)` persists one X with what it needs and answers it. A relation left out is built
 * too (a booking without a class gets a class of its own, without an attendee a member of its own); one given may be
 * the entity or its id. Accounts come from `makeUser`, classes from `makeClass` (classes.ts), products from
 * `makeProduct` (shop.ts).
 */
export type Overrides<T> = { [K in keyof T]?: T[K] extends { id: string } | null ? T[K] | string : T[K] };

/** An entity or its id, as its id. */
const idOf = (x: { id: string } | string): string => (typeof x === 'string' ? x : x.id);

/** Persists `data` as a new `entity` in a context of its own. */
async function persist<T extends object>(t: TestApp, entity: EntityClass<T>, data: RequiredEntityData<T>): Promise<T> {
  const e = em(t);
  const row = e.create(entity, data);
  await e.flush();
  return row;
}

/** The id of `given`, or of a signed member built for the purpose. */
async function userId(t: TestApp, given: User | string | null | undefined): Promise<string> {
  return given ? idOf(given) : (await makeUser(t, { signed: true })).user.id;
}

export async function buildClassBlueprint(t: TestApp, overrides: Overrides<ClassBlueprint> & { apparatusName?: string } = {}) {
  const { apparatusName, apparatus, ...rest } = overrides;
  const apparatusId = apparatus ? idOf(apparatus) : (await em(t).findOneOrFail(Apparatus, { name: apparatusName ?? 'Lyra' })).id;
  return persist(t, ClassBlueprint, {
    name: `Class ${unique()}`,
    level: 1,
    durationMinutes: 60,
    defaultCapacity: 10,
    dropInPriceCents: 0,
    ...rest,
    apparatus: apparatusId,
  } as RequiredEntityData<ClassBlueprint>);
}

/**
 * A booking (confirmed, free, booked by its attendee) in a class of its own and for a member of its own unless given;
 * a held one is held for 15 minutes unless told.
 */
export async function buildBooking(t: TestApp, overrides: Overrides<Booking> = {}): Promise<Booking> {
  const { classInstance, attendee, bookedBy, ...rest } = overrides;
  const attendeeId = await userId(t, attendee);
  return persist(t, Booking, {
    status: BookingStatus.confirmed,
    source: BookingSource.member,
    paymentStatus: PaymentStatus.free,
    priceCents: 0,
    ...(rest.status === BookingStatus.held ? { holdExpiresAt: new Date(Date.now() + 15 * 60_000) } : {}),
    ...rest,
    classInstance: classInstance ? idOf(classInstance as ClassInstance | string) : (await makeClass(t)).id,
    attendee: attendeeId,
    bookedBy: bookedBy ? idOf(bookedBy) : attendeeId,
  } as RequiredEntityData<Booking>);
}

/** A waiting place on a class's waitlist (a class and a member of its own unless given). */
export async function buildWaitlistEntry(t: TestApp, overrides: Overrides<WaitlistEntry> = {}): Promise<WaitlistEntry> {
  const { classInstance, attendee, requestedBy, ...rest } = overrides;
  const attendeeId = await userId(t, attendee);
  return persist(t, WaitlistEntry, {
    ...rest,
    classInstance: classInstance ? idOf(classInstance as ClassInstance | string) : (await makeClass(t)).id,
    attendee: attendeeId,
    requestedBy: requestedBy ? idOf(requestedBy) : attendeeId,
  } as RequiredEntityData<WaitlistEntry>);
}

/** A monthly membership plan. */
export function buildMembershipPlan(t: TestApp, overrides: Overrides<MembershipPlan> = {}): Promise<MembershipPlan> {
  return persist(t, MembershipPlan, {
    name: `Plan ${unique()}`,
    priceCents: 12000,
    interval: BillingInterval.month,
    ...overrides,
  } as RequiredEntityData<MembershipPlan>);
}

/** An active membership in its period (started yesterday, 29 days to go), on a plan and for a member of its own unless given. */
export async function buildMembership(t: TestApp, overrides: Overrides<Membership> = {}): Promise<Membership> {
  const { holder, plan, ...rest } = overrides;
  const now = new Date();
  return persist(t, Membership, {
    currentPeriodStart: addDays(now, -1),
    currentPeriodEnd: addDays(now, 29),
    ...rest,
    holder: await userId(t, holder),
    plan: plan ? idOf(plan) : (await buildMembershipPlan(t)).id,
  } as RequiredEntityData<Membership>);
}

/** A class pack of 5 classes valid for 30 days, for a member of its own unless given. */
export async function buildClassPack(t: TestApp, overrides: Overrides<ClassPack> = {}): Promise<ClassPack> {
  const { owner, ...rest } = overrides;
  return persist(t, ClassPack, {
    name: '5-class pack',
    classes: 5,
    expiresAt: addDays(new Date(), 30),
    ...rest,
    owner: await userId(t, owner),
  } as RequiredEntityData<ClassPack>);
}

/** A day the studio is closed (a day of its own a year or more ahead unless given). */
export function buildStudioClosure(t: TestApp, overrides: Overrides<StudioClosure> = {}): Promise<StudioClosure> {
  const date = addDays(new Date(), 366 + Math.floor(Math.random() * 3000))
    .toISOString()
    .slice(0, 10);
  return persist(t, StudioClosure, { date, reason: 'Studio closed', ...overrides } as RequiredEntityData<StudioClosure>);
}

/** A personal notification for a member of its own unless given. */
export async function buildNotification(t: TestApp, overrides: Overrides<Notification> = {}): Promise<Notification> {
  const { user, ...rest } = overrides;
  return persist(t, Notification, {
    type: NotificationType.other,
    title: 'Hello',
    message: 'A note from the studio.',
    ...rest,
    user: await userId(t, user),
  } as RequiredEntityData<Notification>);
}

/** Feedback from a member of its own unless given. */
export async function buildFeedback(t: TestApp, overrides: Overrides<Feedback> = {}): Promise<Feedback> {
  const { author, ...rest } = overrides;
  return persist(t, Feedback, {
    message: 'The studio is lovely.',
    category: FeedbackCategory.general,
    ...rest,
    author: await userId(t, author),
  } as RequiredEntityData<Feedback>);
}

/** A queued email. */
export function buildOutboxEmail(t: TestApp, overrides: Overrides<OutboxEmail> = {}): Promise<OutboxEmail> {
  return persist(t, OutboxEmail, {
    to: `someone_${unique()}@example.test`,
    subject: 'Hello',
    text: 'A note from the studio.',
    kind: 'test',
    ...overrides,
  } as RequiredEntityData<OutboxEmail>);
}

/** A move of the catalogue (Lyra, level 1, no sides unless told), under a unique name. */
export async function buildMove(t: TestApp, overrides: Overrides<Move> & { apparatusName?: string } = {}): Promise<Move> {
  const { apparatusName, apparatus, ...rest } = overrides;
  const apparatusId = apparatus ? idOf(apparatus) : (await em(t).findOneOrFail(Apparatus, { name: apparatusName ?? 'Lyra' })).id;
  const move = await persist(t, Move, { name: `Move ${unique()}`, level: 1, ...rest, apparatus: apparatusId } as RequiredEntityData<Move>);
  return em(t).findOneOrFail(Move, { id: move.id }, { populate: ['apparatus'] });
}

/** A level of an apparatus defined as a set of moves (one sign-off each unless told). */
export function buildMoveLevel(t: TestApp, overrides: Overrides<MoveLevel> & { apparatus: Apparatus | string }): Promise<MoveLevel> {
  const { apparatus, ...rest } = overrides;
  return persist(t, MoveLevel, {
    number: 1,
    name: `Level ${unique()}`,
    ...rest,
    apparatus: idOf(apparatus),
  } as RequiredEntityData<MoveLevel>);
}

/**
 * A class starting `startsInMinutes` from now (negative: in the past), on its own new blueprint so tests never
 * share classes. Returns the instance with its blueprint loaded.
 */
export async function makeClass(
  t: TestApp,
  opts: {
    capacity?: number;
    priceCents?: number;
    startsInMinutes?: number;
    durationMinutes?: number;
    usesRigPoints?: boolean;
    instructorId?: string;
    level?: number;
    apparatusName?: string;
  } = {},
): Promise<ClassInstance> {
  const e = em(t);
  const tz = t.app.services.env.STUDIO_TIME_ZONE;
  const instructorId = opts.instructorId ?? (await makeUser(t, { role: Role.instructor })).user.id;
  const duration = opts.durationMinutes ?? 60;
  const blueprint = await buildClassBlueprint(t, {
    apparatusName: opts.apparatusName ?? (opts.usesRigPoints ? 'Silks' : 'Lyra'),
    level: opts.level ?? 1,
    durationMinutes: duration,
    defaultCapacity: opts.capacity ?? 10,
    dropInPriceCents: opts.priceCents ?? 0,
    usesRigPoints: opts.usesRigPoints ?? false,
  });
  // Whole minutes, so the studio wall-clock time and the instant agree exactly.
  const start = new Date(Math.floor((Date.now() + (opts.startsInMinutes ?? 24 * 60) * 60_000) / 60_000) * 60_000);
  const end = new Date(start.getTime() + duration * 60_000);
  // Built directly (not via createInstance) so a test run near midnight can still make a class at any time.
  const instance = e.create(ClassInstance, {
    blueprint: blueprint.id,
    date: studioWallClock(start, tz).date,
    startTime: studioWallClock(start, tz).time,
    endTime: studioWallClock(end, tz).time,
    startsAt: start,
    endsAt: end,
    instructor: instructorId,
    capacity: opts.capacity ?? 10,
  });
  await e.flush();
  return e.findOneOrFail(ClassInstance, { id: instance.id }, { populate: ['blueprint.apparatus', 'instructor'] });
}

/** An API key made by a new admin, with its secret (as createApiKey answers it). */
export async function makeApiKey(
  t: TestApp,
  scopes: string[],
  opts: { name?: string; expiresAt?: Date; trustedDocuments?: string[] } = {},
): Promise<{ id: string; secret: string; integrationUserId: string }> {
  const admin = await makeUser(t, { role: Role.admin });
  const { apiKey, secret } = await t.app.services.apikeys.create(em(t), admin.user, {
    name: opts.name ?? `Integration ${unique()}`,
    scopes,
    ...opts,
  });
  return { id: apiKey.id, secret, integrationUserId: apiKey.integrationUser.id };
}

export { Role };

/**
 * A library video, ready, with a stored file of `bytes` (default: 64 KiB of a repeating pattern, typed as an MP4)
 * unless `fileKey: null` is given.
 */
export async function buildVideo(t: TestApp, overrides: Overrides<Video> & { bytes?: Buffer } = {}): Promise<Video> {
  const { bytes, ...rest } = overrides;
  const id = rest.id ?? randomUUID();
  const content = bytes ?? Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => i % 251));
  const fileKey = rest.fileKey === undefined ? `videos/${id}/video.mp4` : rest.fileKey;
  if (fileKey) await t.app.services.storage.put(fileKey, content, 'video/mp4');
  return persist(t, Video, {
    title: `Video ${unique()}`,
    processing: VideoProcessing.ready,
    contentType: 'video/mp4',
    size: content.length,
    ...rest,
    id,
    fileKey,
  } as RequiredEntityData<Video>);
}
