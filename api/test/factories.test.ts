import { Booking, BookingStatus } from '../src/modules/bookings/booking.entity.js';
import { WaitlistEntry } from '../src/modules/bookings/waitlist-entry.entity.js';
import { ClassBlueprint } from '../src/modules/classes/class-blueprint.entity.js';
import { StudioClosure } from '../src/modules/classes/studio-closure.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { Feedback } from '../src/modules/feedback/feedback.entity.js';
import { ClassPack, Membership, MembershipStatus } from '../src/modules/memberships/membership.entity.js';
import { Notification } from '../src/modules/notifications/notification.entity.js';
import { startTestApp, type TestApp } from './app.js';
import { makeClass } from './classes.js';
import {
  buildBooking,
  buildClassBlueprint,
  buildClassPack,
  buildFeedback,
  buildMembership,
  buildMembershipPlan,
  buildNotification,
  buildOutboxEmail,
  buildStudioClosure,
  buildWaitlistEntry,
  em,
  makeUser,
} from './factories.js';

// Each factory's row is read back from the database with what it built for it.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('a booking builds its class and its member; given ones are used', async () => {
  const built = await buildBooking(t);
  const row = await em(t).findOneOrFail(Booking, { id: built.id }, { populate: ['classInstance', 'attendee', 'bookedBy'] });
  expect(row.status).toBe(BookingStatus.confirmed);
  expect(row.bookedBy.id).toBe(row.attendee.id);

  const [klass, member] = [await makeClass(t), await makeUser(t)];
  const given = await buildBooking(t, { classInstance: klass, attendee: member.user.id, status: BookingStatus.held });
  const again = await em(t).findOneOrFail(Booking, { id: given.id });
  expect([again.classInstance.id, again.attendee.id, again.status]).toEqual([klass.id, member.user.id, BookingStatus.held]);
});

it('a waitlist entry builds its class and member', async () => {
  const built = await buildWaitlistEntry(t);
  const row = await em(t).findOneOrFail(WaitlistEntry, { id: built.id });
  expect(row.requestedBy.id).toBe(row.attendee.id);
});

it('a membership builds its plan and holder; a plan and a pack stand alone', async () => {
  const plan = await buildMembershipPlan(t, { priceCents: 9000 });
  const built = await buildMembership(t);
  const row = await em(t).findOneOrFail(Membership, { id: built.id }, { populate: ['plan', 'holder'] });
  expect(row.status).toBe(MembershipStatus.active);
  expect(row.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());
  const onPlan = await buildMembership(t, { plan });
  expect((await em(t).findOneOrFail(Membership, { id: onPlan.id }, { populate: ['plan'] })).plan.priceCents).toBe(9000);
  const pack = await buildClassPack(t, { classes: 10 });
  expect((await em(t).findOneOrFail(ClassPack, { id: pack.id })).classes).toBe(10);
});

it('class types, closures, notifications, feedback and emails', async () => {
  const blueprint = await buildClassBlueprint(t, { apparatusName: 'Silks', usesRigPoints: true });
  expect((await em(t).findOneOrFail(ClassBlueprint, { id: blueprint.id }, { populate: ['apparatus'] })).apparatus.name).toBe('Silks');
  const closure = await buildStudioClosure(t);
  expect(await em(t).findOne(StudioClosure, { date: closure.date })).not.toBeNull();
  const note = await buildNotification(t, { title: 'Welcome' });
  expect((await em(t).findOneOrFail(Notification, { id: note.id })).title).toBe('Welcome');
  const feedback = await buildFeedback(t);
  expect(await em(t).findOne(Feedback, { id: feedback.id })).not.toBeNull();
  const email = await buildOutboxEmail(t);
  expect(await em(t).findOne(OutboxEmail, { id: email.id })).not.toBeNull();
});
