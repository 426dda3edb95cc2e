import type { EntityManager } from '@mikro-orm/postgresql';
import { subMonths, subYears, format } from 'date-fns';
import { hashPassword } from '../modules/users/password.js';
import { Role } from '../modules/users/role.js';
import { User } from '../modules/users/user.entity.js';
import type { Services } from '../services.js';
import { seedDemoChat } from './demo-chat.js';
import { seedDemoInstructors } from './demo-instructors.js';
import { seedDemoLanding } from './demo-landing.js';
import { seedDemoPos } from './demo-pos.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoSchedule } from './demo-schedule.js';
import { seedDemoMemberships } from './demo-memberships.js';
import { seedDemoMoves } from './demo-moves.js';
import { seedDemoInvoices } from './demo-invoices.js';
import { seedDemoShop } from './demo-shop.js';
import { seedDemoVideos } from './demo-videos.js';

export const DEMO_PASSWORD = 'aerial-demo';

export const DEMO_USERS = [
  { username: 'admin', firstName: 'Avery', lastName: 'Stone', role: Role.admin, age: 41, signed: true },
  { username: 'instructor', firstName: 'Iris', lastName: 'Vale', role: Role.instructor, age: 33, signed: true },
  { username: 'teacher', firstName: 'Theo', lastName: 'Marsh', role: Role.teacher, age: 28, signed: true },
  { username: 'parent', firstName: 'Paula', lastName: 'Reyes', role: Role.parent, age: 45, signed: false },
  { username: 'student', firstName: 'Sam', lastName: 'Okafor', role: Role.student, age: 24, signed: true },
] as const;

/** A birthday that makes someone `age` years (and a few months) old on `today`. */
function birthdayFor(today: string, age: number): string {
  return format(subMonths(subYears(new Date(`${today}T12:00:00`), age), 4), 'yyyy-MM-dd');
}

/**
 * Demo data for the embedded database: five accounts (password aerial-demo) and the parent's family, the schedule, and
 * past weeks of classes with attendance (demo-history.ts), the shop, invoices in every status, the front desk's sales
 * of today, staff chat conversations (demo-chat.ts), the moves catalogue with progress (demo-moves.ts) and three demo videos
 * tied to moves (demo-videos.ts); a $10 late-cancellation and a $15 no-show fee.
 * Idempotent: anything already present (matched by username, or by name within the family) is left alone.
 */
export async function seedDemo(services: Services): Promise<void> {
  const em = services.orm.em.fork();
  const today = services.users.today();
  let hash: Promise<string> | null = null;
  // Hashing takes a moment: only when something is actually created.
  const passwordHash = () => (hash ??= hashPassword(DEMO_PASSWORD));
  const firstRun = (await em.count(User, { username: { $in: DEMO_USERS.map((u) => u.username) } })) === 0;
  // The demo studio charges late-cancellation and no-show fees (set once: an admin's later change stays).
  if (firstRun) await services.settings.update(em, { lateCancelFeeCents: 1000, noShowFeeCents: 1500 });
  if (firstRun) await seedDemoLanding(services);
  await seedDemoPeople(services, em, today, passwordHash);
  await seedDemoInstructors(services);
  await seedDemoSchedule(services, passwordHash);
  await seedDemoHistory(services, passwordHash);
  await seedDemoShop(services.orm.em.fork());
  await seedDemoMemberships(services.orm.em.fork());
  await seedDemoInvoices(services);
  await seedDemoPos(services);
  await seedDemoChat(services.orm.em.fork(), services.chat);
  await seedDemoMoves(services);
  await seedDemoVideos(services);
}

async function seedDemoPeople(services: Services, em: EntityManager, today: string, passwordHash: () => Promise<string>): Promise<void> {
  if ((await em.count(User, { username: { $in: DEMO_USERS.map((u) => u.username) } })) === DEMO_USERS.length) return;

  for (const demo of DEMO_USERS) {
    let user = await em.findOne(User, { username: demo.username });
    if (!user) {
      user = new User({ firstName: demo.firstName, lastName: demo.lastName, birthday: birthdayFor(today, demo.age), role: demo.role });
      user.username = demo.username;
      user.email = `${demo.username}@demo.studio.local`;
      user.passwordHash = await passwordHash();
      em.persist(user);
      await em.flush();
      if (demo.signed) await services.waivers.sign(em, user, [user.id], { ip: null, userAgent: 'demo seed' });
    }
    if (demo.role === Role.parent) {
      const family = [
        { firstName: 'Mia', lastName: demo.lastName, age: 10 },
        { firstName: 'Leo', lastName: demo.lastName, age: 19 },
      ];
      for (const member of family) {
        const exists = await em.count(User, { guardian: user, firstName: member.firstName });
        if (!exists) {
          const child = new User({ firstName: member.firstName, lastName: member.lastName, birthday: birthdayFor(today, member.age) });
          child.guardian = user;
          em.persist(child);
        }
      }
      await em.flush();
    }
  }
}
