import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import prand from 'pure-rand';
import { addDaysToDate, addMinutesToTime, studioInstant } from '../common/studio-time.js';
import { Booking, BookingSource, BookingStatus, CancelReason, PaymentStatus } from '../modules/bookings/booking.entity.js';
import type { RigPoint } from '../modules/classes/apparatus.entity.js';
import { ClassInstance, ClassStatus } from '../modules/classes/class-instance.entity.js';
import { ClassSeries } from '../modules/classes/class-series.entity.js';
import { Role } from '../modules/users/role.js';
import { User } from '../modules/users/user.entity.js';
import type { Services } from '../services.js';

/** Weeks of finished classes before the demo schedule's first week. */
export const HISTORY_WEEKS = 8;
/** Any fixed number: the same seed gives the same history (who came, who did not) on every machine. */
const SEED = 91_2026;

/** Regulars who have been coming for a while (sign in with the demo password, like every demo member). */
const HISTORY_MEMBERS = [
  ['maya.brooks', 'Maya', 'Brooks', '1991-04-12'],
  ['ethan.cole', 'Ethan', 'Cole', '1987-09-30'],
  ['priya.shah', 'Priya', 'Shah', '1996-01-08'],
  ['lucas.weber', 'Lucas', 'Weber', '1993-11-21'],
  ['sofia.rossi', 'Sofia', 'Rossi', '1999-07-03'],
  ['jonas.berg', 'Jonas', 'Berg', '1985-02-17'],
] as const;

/** Two more families whose children come to the kids' class with the demo parent's daughter. */
const HISTORY_FAMILIES = [
  {
    parent: ['grace.kim', 'Grace', 'Kim', '1984-05-02'],
    kids: [
      ['Hana', '2017-03-14'],
      ['Jun', '2014-10-09'],
    ],
  },
  { parent: ['diego.alvarez', 'Diego', 'Alvarez', '1988-12-11'], kids: [['Lucia', '2016-06-25']] },
] as const;

/** Demo members of the schedule seed who come to class too. */
const SCHEDULE_MEMBERS = ['student', 'ava.chen', 'noah.patel', 'lena.schmidt', 'omar.haddad', 'zoe.martin', 'kai.nakamura', 'ines.rocha'];

/** How a booking in a finished class ended, in percent of bookings: most came, some did not or cancelled. */
const OUTCOMES = [
  ['attended', 80],
  ['no-show', 8],
  ['late cancel', 6],
  ['cancelled', 6],
] as const;
type Outcome = (typeof OUTCOMES)[number][0];

/** A seeded random source: integers in a range, chances, picks. */
class Dice {
  private readonly rng: prand.RandomGenerator;
  constructor(seed: number) {
    this.rng = prand.xoroshiro128plus(seed);
  }
  int(min: number, max: number): number {
    return prand.unsafeUniformIntDistribution(min, max, this.rng);
  }
  chance(percent: number): boolean {
    return this.int(0, 99) < percent;
  }
  outcome(): Outcome {
    let roll = this.int(0, 99);
    for (const [outcome, percent] of OUTCOMES) {
      if (roll < percent) return outcome;
      roll -= percent;
    }
    return 'attended';
  }
  /** `count` distinct items, in a seeded order. */
  pick<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const picked: T[] = [];
    while (picked.length < count && pool.length) picked.push(pool.splice(this.int(0, pool.length - 1), 1)[0]);
    return picked;
  }
}

/**
 * Past weeks for the demo: eight weeks of finished classes before the schedule's first week (each weekly series
 * reaches back that far), and the schedule's own classes that ended before the seed ran, with attended bookings
 * (checked in), no-shows and late cancellations, so the admin tables, attendance and "last attended" show real
 * values. Seeded random: the same history every run. Skipped once any class before the schedule's first day exists.
 * One transaction of bulk inserts: it adds a few hundred rows in well under a second.
 */
export async function seedDemoHistory(services: Services, passwordHash: () => Promise<string>): Promise<void> {
  const em = services.orm.em.fork();
  // Seeded once (its regulars exist).
  if ((await em.count(User, { username: HISTORY_MEMBERS[0][0] })) > 0) return;
  // A stable order (ids are random): the same dice rolls land on the same classes every run.
  const series = await em.find(
    ClassSeries,
    { cancelledAt: null },
    { populate: ['blueprint.apparatus.rigPoints', 'instructor'], orderBy: { blueprint: { name: 'asc' }, startTime: 'asc' } },
  );
  if (series.length === 0) return;
  const firstDay = series.map((s) => s.startDate).sort()[0];
  // Never into a studio that already has classes of its own before the schedule.
  if ((await em.count(ClassInstance, { date: { $lt: firstDay } })) > 0) return;

  const historyStart = addDaysToDate(firstDay, -7 * HISTORY_WEEKS);
  const tz = services.env.STUDIO_TIME_ZONE;
  const { cancellationCutoffHours } = await services.settings.get(em);

  await em.transactional(async (tx) => {
    const people = await historyPeople(tx, services, passwordHash);
    const adults = people.filter((p) => services.users.age(p) >= 13);
    const kids = people.filter((p) => services.users.age(p) < 13);
    const instances: RequiredEntityData<ClassInstance>[] = [];
    const bookings: RequiredEntityData<Booking>[] = [];
    const ended = await tx.find(ClassInstance, { date: { $gte: firstDay }, endsAt: { $lte: new Date() }, status: ClassStatus.scheduled });
    const booked = new Set(
      (await tx.find(Booking, { classInstance: { $in: ended.map((i) => i.id) } }, { fields: ['classInstance'] })).map(
        (b) => b.classInstance.id,
      ),
    );
    const takenBy = new Map<string, number>();

    for (const [index, s] of series.entries()) {
      // Dice of its own per series: the weeks before the schedule come out the same whatever ended since.
      const dice = new Dice(SEED + index);
      const kidsClass = s.blueprint.name.startsWith('Kids');
      const eligible = kidsClass ? kids : adults;
      // Each class has its regulars (most of them come most weeks) and the odd drop-in.
      const regulars = dice.pick(eligible, Math.min(eligible.length, Math.max(2, Math.round(s.capacity * 0.6))));
      const others = eligible.filter((p) => !regulars.includes(p));
      const rigPoints = s.blueprint.usesRigPoints ? s.blueprint.apparatus.rigPoints.getItems().filter((p) => p.isActive) : [];
      const endTime = addMinutesToTime(s.startTime, s.blueprint.durationMinutes);

      const dates: { date: string; existing?: ClassInstance }[] = [];
      for (let date = historyStart; date < firstDay; date = addDaysToDate(date, 1)) {
        if (s.weekdays.includes(new Date(`${date}T12:00:00Z`).getUTCDay())) dates.push({ date });
      }
      for (const existing of ended.filter((i) => i.series?.id === s.id && !booked.has(i.id)).sort((a, b) => a.date.localeCompare(b.date)))
        dates.push({ date: existing.date, existing });

      for (const { date, existing } of dates) {
        const startsAt = studioInstant(date, s.startTime, tz);
        const instanceId = existing?.id ?? randomUUID();
        const capacity = existing?.capacity ?? s.capacity;
        const coming = [...regulars.filter(() => dice.chance(75)), ...dice.pick(others, dice.int(0, 2))].slice(0, capacity);
        let spots = 0;
        for (const person of coming) {
          const outcome = dice.outcome();
          const cancelled = outcome === 'late cancel' || outcome === 'cancelled';
          const rigPoint: RigPoint | undefined = cancelled ? undefined : rigPoints[spots];
          if (!cancelled) spots += 1;
          const walkIn = outcome === 'attended' && dice.chance(8);
          // Hours before class: a late cancellation inside the cutoff, any other well before it; booked before that.
          const cancelHours =
            outcome === 'late cancel'
              ? dice.int(1, Math.max(1, cancellationCutoffHours - 1))
              : outcome === 'cancelled'
                ? dice.int(cancellationCutoffHours + 1, cancellationCutoffHours + 84)
                : 0;
          const bookedAt = walkIn ? startsAt.getTime() - 15 * 60_000 : startsAt.getTime() - (cancelHours + dice.int(6, 200)) * 3600_000;
          bookings.push({
            id: randomUUID(),
            classInstance: instanceId,
            attendee: person.id,
            bookedBy: walkIn ? s.instructor.id : (person.guardian?.id ?? person.id),
            status:
              outcome === 'attended' ? BookingStatus.confirmed : outcome === 'no-show' ? BookingStatus.no_show : BookingStatus.cancelled,
            source: walkIn ? BookingSource.walk_in : BookingSource.member,
            paymentStatus: s.blueprint.dropInPriceCents > 0 ? PaymentStatus.paid : PaymentStatus.free,
            priceCents: s.blueprint.dropInPriceCents,
            rigPoint: rigPoint?.id ?? null,
            // Check-in opens 30 minutes before class and closes 15 minutes after it starts.
            checkedInAt: walkIn
              ? new Date(bookedAt)
              : outcome === 'attended'
                ? new Date(startsAt.getTime() - dice.int(-8, 25) * 60_000)
                : null,
            cancelledAt: cancelled ? new Date(startsAt.getTime() - cancelHours * 3600_000) : null,
            cancelReason: cancelled ? CancelReason.member : null,
            lateCancel: outcome === 'late cancel',
            createdAt: new Date(bookedAt),
          });
        }
        // spots_taken counts the places held: everyone but those who cancelled (no-shows held theirs).
        if (existing) takenBy.set(existing.id, spots);
        else
          instances.push({
            id: instanceId,
            blueprint: s.blueprint.id,
            series: s.id,
            date,
            startTime: s.startTime,
            endTime,
            startsAt,
            endsAt: studioInstant(date, endTime, tz),
            instructor: s.instructor.id,
            capacity,
            spotsTaken: spots,
            createdAt: new Date(startsAt.getTime() - 60 * 24 * 3600_000),
          });
      }
    }

    if (instances.length) await tx.insertMany(ClassInstance, instances);
    if (bookings.length) await tx.insertMany(Booking, bookings);
    for (const [id, spotsTaken] of takenBy) await tx.nativeUpdate(ClassInstance, { id }, { spotsTaken });
    // Each weekly series has been running since the history's first week.
    await tx.nativeUpdate(ClassSeries, { id: { $in: series.map((s) => s.id) }, startDate: firstDay }, { startDate: historyStart });
  });
}

/**
 * The people who came to past classes, all with signed waivers: the schedule's demo members, the demo parent's
 * daughter, and the history's own regulars and families (created here). Leo (no login, no waiver) and the demo
 * parent (waiver not signed) are left out.
 */
async function historyPeople(em: EntityManager, services: Services, passwordHash: () => Promise<string>): Promise<User[]> {
  const created: User[] = [];
  const account = async (username: string, firstName: string, lastName: string, birthday: string, role: Role) => {
    const user = new User({ firstName, lastName, birthday, role });
    user.username = username;
    user.email = `${username}@demo.studio.local`;
    user.passwordHash = await passwordHash();
    em.persist(user);
    return user;
  };
  const existing = new Set((await em.find(User, { username: { $in: HISTORY_MEMBERS.map((m) => m[0]) } })).map((u) => u.username));
  for (const [username, firstName, lastName, birthday] of HISTORY_MEMBERS) {
    if (!existing.has(username)) created.push(await account(username, firstName, lastName, birthday, Role.student));
  }
  for (const family of HISTORY_FAMILIES) {
    const [username, firstName, lastName, birthday] = family.parent;
    if (await em.count(User, { username })) continue;
    const parent = await account(username, firstName, lastName, birthday, Role.parent);
    created.push(parent);
    for (const [kidName, kidBirthday] of family.kids) {
      const kid = new User({ firstName: kidName, lastName, birthday: kidBirthday });
      kid.guardian = parent;
      em.persist(kid);
    }
  }
  await em.flush();
  for (const user of created) {
    const kids = await em.find(User, { guardian: user.id });
    await services.waivers.sign(em, user, [user.id, ...kids.map((k) => k.id)], { ip: null, userAgent: 'demo seed' });
  }

  const names = [...SCHEDULE_MEMBERS, ...HISTORY_MEMBERS.map((m) => m[0])];
  const parents = ['parent', ...HISTORY_FAMILIES.map((f) => f.parent[0])];
  const people = await em.find(
    User,
    {
      $or: [{ username: { $in: names } }, { guardian: { username: { $in: parents } }, removedAt: null }],
      isActive: true,
    },
    { populate: ['guardian'], orderBy: { lastName: 'asc', firstName: 'asc' } },
  );
  const signed = await services.waivers.signedUserIds(
    em,
    people.map((p) => p.id),
  );
  return people.filter((p) => signed.has(p.id));
}
