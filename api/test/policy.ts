import { AppError } from '../src/graphql/errors.js';
import { Role, type Actor } from '../src/modules/users/role.js';

/** What a rule answers: allowed, denied (a rule that only filters), or refused with this error code and message. */
export type Verdict = 'allow' | 'deny' | readonly [code: string, message: string];

/** One record-level rule: its pure predicate and, when it refuses with an error, the assert services call. */
export interface Rule<A, R> {
  may: (actor: A, record: R) => boolean;
  assert?: (actor: A, record: R) => void;
}

/** Asks a rule; when it has an assert, checks that the assert agrees with the predicate and answers its refusal. */
export function judge<A, R>(rule: Rule<A, R>, actor: A, record: R): Verdict {
  const allowed = rule.may(actor, record);
  if (!rule.assert) return allowed ? 'allow' : 'deny';
  let refusal: Verdict = 'allow';
  try {
    rule.assert(actor, record);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    refusal = [String(err.extensions.code), err.message];
  }
  expect(refusal === 'allow').toBe(allowed);
  return refusal;
}

/** The studio's date the age rules are judged on. */
export const TODAY = '2026-11-23';

/** A birthday `years` before TODAY, `daysLater` days later (1: turns that old tomorrow). */
export function bornYearsAgo(years: number, daysLater = 0): string {
  const d = new Date(`${TODAY}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + daysLater);
  return d.toISOString().slice(0, 10);
}

/** The people of the policy tables, one of each kind. */
export const people = {
  admin: { id: 'admin', role: Role.admin },
  instructor: { id: 'instructor', role: Role.instructor },
  teacher: { id: 'teacher', role: Role.teacher },
  parent: { id: 'parent', role: Role.parent },
  member: { id: 'member', role: Role.student },
  stranger: { id: 'stranger', role: Role.student },
} satisfies Record<string, Actor>;
export type Person = keyof typeof people;
