import { addDays, format, startOfWeek } from 'date-fns';
import { Apparatus } from '../modules/classes/apparatus.entity.js';
import { ClassBlueprint } from '../modules/classes/class-blueprint.entity.js';
import { ClassInstance } from '../modules/classes/class-instance.entity.js';
import { ClassSeries } from '../modules/classes/class-series.entity.js';
import { Role } from '../modules/users/role.js';
import { User } from '../modules/users/user.entity.js';
import type { Services } from '../services.js';
import { movesFor, readMoves } from './moves-data.js';

interface DemoClass {
  name: string;
  apparatus: string;
  level: number;
  minutes: number;
  capacity: number;
  priceCents: number;
  rigPoints?: boolean;
  teacher: 'instructor' | 'teacher';
  /** 0 = Sunday … 6 = Saturday */
  weekdays: number[];
  time: string;
  blurb: string;
  /** Who may be booked in, by age on the class date. */
  ages?: [min: number | null, max: number | null];
}

/** A week at a small aerial studio: every apparatus, levels 1–4, weeknights and Saturday mornings. */
const WEEK: DemoClass[] = [
  {
    name: 'Silks Intro',
    apparatus: 'Silks',
    level: 1,
    minutes: 75,
    capacity: 6,
    priceCents: 2800,
    rigPoints: true,
    teacher: 'instructor',
    weekdays: [1, 6],
    time: '18:00',
    blurb: 'Your first climbs and foot locks on the fabric. No experience needed.',
  },
  {
    name: 'Silks Level 2',
    apparatus: 'Silks',
    level: 2,
    minutes: 75,
    capacity: 6,
    priceCents: 2800,
    rigPoints: true,
    teacher: 'instructor',
    weekdays: [3],
    time: '18:00',
    blurb: 'Inverts in the air, hip keys and your first sequences.',
  },
  {
    name: 'Lyra Level 1',
    apparatus: 'Lyra',
    level: 1,
    minutes: 60,
    capacity: 8,
    priceCents: 2600,
    teacher: 'teacher',
    weekdays: [2],
    time: '17:30',
    blurb: 'Mounts, seated shapes and gentle spins on the hoop.',
  },
  {
    name: 'Lyra Level 3',
    apparatus: 'Lyra',
    level: 3,
    minutes: 75,
    capacity: 6,
    priceCents: 3000,
    teacher: 'instructor',
    weekdays: [4],
    time: '19:00',
    blurb: 'Dynamic transitions and strength work above the bar.',
  },
  {
    name: 'Trapeze Level 2',
    apparatus: 'Trapeze',
    level: 2,
    minutes: 60,
    capacity: 6,
    priceCents: 2800,
    teacher: 'teacher',
    weekdays: [5],
    time: '18:00',
    blurb: 'Rope and bar work that builds on the basics.',
  },
  {
    name: 'Kids Hammock',
    apparatus: 'Hammock',
    level: 1,
    minutes: 45,
    capacity: 8,
    priceCents: 2000,
    teacher: 'teacher',
    weekdays: [6],
    time: '11:30',
    // No age range in the data: the e2e kiosk specs book adults into this, the demo's shortest class.
    blurb: 'Playful, low-to-the-ground aerial fun for ages 6–12.',
  },
  {
    name: 'Pole Level 1',
    apparatus: 'Pole',
    level: 1,
    minutes: 60,
    capacity: 8,
    priceCents: 2500,
    teacher: 'teacher',
    weekdays: [1, 4],
    time: '19:30',
    blurb: 'Spins, walks and climbs with good technique from day one.',
    ages: [16, null],
  },
  {
    name: 'Pole Level 4',
    apparatus: 'Pole',
    level: 4,
    minutes: 75,
    capacity: 6,
    priceCents: 3000,
    teacher: 'instructor',
    weekdays: [3],
    time: '19:30',
    blurb: 'Advanced inverts and flips for experienced polers.',
    ages: [16, null],
  },
];

/** Members who fill the demo's full class; they sign in with the demo password too. */
const EXTRA_MEMBERS = [
  ['ava.chen', 'Ava', 'Chen'],
  ['noah.patel', 'Noah', 'Patel'],
  ['lena.schmidt', 'Lena', 'Schmidt'],
  ['omar.haddad', 'Omar', 'Haddad'],
  ['zoe.martin', 'Zoe', 'Martin'],
  ['kai.nakamura', 'Kai', 'Nakamura'],
  ['ines.rocha', 'Ines', 'Rocha'],
] as const;

/**
 * Eight weeks of classes from this week's Monday, a few bookings for the demo student and the parent's daughter,
 * and one full class (next week's Lyra Level 3) with a waitlist. Skipped when any series exists already.
 */
export async function seedDemoSchedule(services: Services, passwordHash: () => Promise<string>): Promise<void> {
  const em = services.orm.em.fork();
  if ((await em.count(ClassSeries, {})) > 0) return;
  const staff = {
    instructor: await em.findOneOrFail(User, { username: 'instructor' }),
    teacher: await em.findOneOrFail(User, { username: 'teacher' }),
  };
  const moves = readMoves();
  const monday = startOfWeek(new Date(`${services.users.today()}T12:00:00`), { weekStartsOn: 1 });
  const series = new Map<string, ClassInstance[]>();
  for (const demo of WEEK) {
    const apparatus = await em.findOneOrFail(Apparatus, { name: demo.apparatus });
    const named = movesFor(moves, demo.apparatus, demo.level);
    const blueprint = em.create(ClassBlueprint, {
      name: demo.name,
      description: `${demo.blurb}${named.length ? ` Moves you will work on: ${named.join(', ')}.` : ''}`,
      apparatus,
      level: demo.level,
      durationMinutes: demo.minutes,
      defaultCapacity: demo.capacity,
      dropInPriceCents: demo.priceCents,
      defaultInstructor: staff[demo.teacher],
      usesRigPoints: demo.rigPoints ?? false,
      minAge: demo.ages?.[0] ?? null,
      maxAge: demo.ages?.[1] ?? null,
    });
    await em.flush();
    const { instances } = await services.classes.createSeries(em, {
      blueprintId: blueprint.id,
      weekdays: demo.weekdays,
      startTime: demo.time,
      startDate: format(monday, 'yyyy-MM-dd'),
      endDate: format(addDays(monday, 8 * 7 - 1), 'yyyy-MM-dd'),
    });
    series.set(
      demo.name,
      instances.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
    );
  }

  const upcoming = (name: string, skip = 0) => series.get(name)!.filter((i) => i.startsAt.getTime() > Date.now() + 3600_000)[skip];
  const student = await em.findOneOrFail(User, { username: 'student' });
  const parent = await em.findOneOrFail(User, { username: 'parent' }, { populate: ['guardian'] });
  const mia = await em.findOneOrFail(User, { guardian: parent, firstName: 'Mia' }, { populate: ['guardian'] });

  // The parent signed Mia's waiver at the front desk; the parent's own signature is still missing.
  await services.waivers.sign(em, parent, [mia.id], { ip: null, userAgent: 'front desk' });
  const book = (actor: User, attendee: User, instance: ClassInstance, rigPoint?: string) =>
    services.bookings.book(
      em,
      actor,
      { classInstanceId: instance.id, attendeeId: attendee.id, rigPointId: rigPoint ?? null },
      { kind: 'staff', walkIn: false, overCapacity: false },
    );
  const admin = await em.findOneOrFail(User, { username: 'admin' });
  const silks = await em.findOneOrFail(Apparatus, { name: 'Silks' }, { populate: ['rigPoints'] });
  await book(admin, student, upcoming('Silks Intro', 1), silks.rigPoints.getItems()[2].id);
  await book(admin, student, upcoming('Pole Level 1'));
  await book(admin, mia, upcoming('Kids Hammock'));
  await book(admin, mia, upcoming('Kids Hammock', 1));

  // Next week's Lyra Level 3 is full, with two people waiting (the demo student first).
  const full = upcoming('Lyra Level 3', 1);
  const members: User[] = [];
  for (const [username, firstName, lastName] of EXTRA_MEMBERS) {
    const member = new User({ firstName, lastName, birthday: '1995-06-15', role: Role.student });
    member.username = username;
    member.email = `${username}@demo.studio.local`;
    member.passwordHash = await passwordHash();
    em.persist(member);
    members.push(member);
  }
  await em.flush();
  for (const member of members) await services.waivers.sign(em, member, [member.id], { ip: null, userAgent: 'demo seed' });
  for (const member of members.slice(0, full.capacity)) await book(admin, member, full);
  await services.bookings.joinWaitlist(em, student, full.id, student.id);
  await services.bookings.joinWaitlist(em, members[6], full.id, members[6].id);
}
