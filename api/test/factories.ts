import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../src/modules/users/password.js';
import { Role } from '../src/modules/users/role.js';
import { User } from '../src/modules/users/user.entity.js';
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

export { Role };
