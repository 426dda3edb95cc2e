import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { PosSaleStatus } from './pos.entity.js';
import { assertMayActOnSale, assertMayCloseDay, mayActOnSale, mayCloseDay, type PosSaleAction, type PosSaleRecord } from './pos.policy.js';

const sales = {
  'an open sale': { status: PosSaleStatus.open, todayClosed: false },
  'an open sale, today closed': { status: PosSaleStatus.open, todayClosed: true },
  'a paid sale': { status: PosSaleStatus.completed, todayClosed: false },
  'a paid sale, today closed': { status: PosSaleStatus.completed, todayClosed: true },
  'a refunded sale': { status: PosSaleStatus.refunded, todayClosed: false },
  'a voided sale': { status: PosSaleStatus.voided, todayClosed: false },
  'a sale waiting for a card': { status: PosSaleStatus.awaiting_card, todayClosed: false },
  'a missing sale': null,
} satisfies Record<string, (PosSaleRecord & { todayClosed: boolean }) | null>;
type Which = keyof typeof sales;

type Sale = (typeof sales)[Which];
const rule = (action: PosSaleAction): Rule<Actor, Sale> => ({
  may: (a, s) => s !== null && mayActOnSale(a, s, action, s.todayClosed),
  assert: (a, s) => assertMayActOnSale(a, s, action, s?.todayClosed),
});

const STAFF_ONLY = ['FORBIDDEN', 'Only admins can use the register.'] as const;
const MISSING = ['NOT_FOUND', 'That sale was not found.'] as const;
const PAID = ['CONFLICT', 'This sale is already paid.'] as const;
const WAITING = [
  'CONFLICT',
  'This sale is waiting for a card payment: cancel the card payment to change it or take it another way.',
] as const;
const CLOSED = ['CONFLICT', "Today's register has been closed: no more sales or refunds can be recorded today."] as const;

it.each<[Person, Which, PosSaleAction, Verdict]>([
  // Admins only: instructors and teachers run classes, not the till.
  ['admin', 'an open sale', 'view', 'allow'],
  ['instructor', 'an open sale', 'view', STAFF_ONLY],
  ['teacher', 'an open sale', 'edit', STAFF_ONLY],
  ['member', 'an open sale', 'edit', STAFF_ONLY],
  ['parent', 'a paid sale', 'refund', STAFF_ONLY],
  ['instructor', 'a missing sale', 'view', STAFF_ONLY],
  ['admin', 'a missing sale', 'view', MISSING],
  // Editing and paying: open sales only.
  ['admin', 'an open sale', 'edit', 'allow'],
  ['admin', 'an open sale, today closed', 'edit', 'allow'],
  ['admin', 'a paid sale', 'edit', PAID],
  ['admin', 'a refunded sale', 'edit', PAID],
  ['admin', 'a voided sale', 'edit', ['CONFLICT', 'This sale was voided.']],
  ['admin', 'an open sale', 'pay', 'allow'],
  ['admin', 'an open sale, today closed', 'pay', CLOSED],
  ['admin', 'a paid sale', 'pay', PAID],
  // A sale waiting for the customer's card cannot change or be paid another way until that payment is cancelled.
  ['admin', 'a sale waiting for a card', 'view', 'allow'],
  ['admin', 'a sale waiting for a card', 'edit', WAITING],
  ['admin', 'a sale waiting for a card', 'pay', WAITING],
  ['admin', 'a sale waiting for a card', 'refund', ['CONFLICT', 'Only a paid sale can be refunded.']],
  ['admin', 'a sale waiting for a card', 'receipt', ['CONFLICT', 'The receipt is ready once the sale is paid.']],
  // Refunds: paid sales, once, while today is open.
  ['admin', 'a paid sale', 'refund', 'allow'],
  ['admin', 'a paid sale, today closed', 'refund', CLOSED],
  ['admin', 'a refunded sale', 'refund', ['CONFLICT', 'This sale has already been refunded.']],
  ['admin', 'an open sale', 'refund', ['CONFLICT', 'Only a paid sale can be refunded.']],
  ['admin', 'a voided sale', 'refund', ['CONFLICT', 'Only a paid sale can be refunded.']],
  // Receipts: once paid (a refunded sale's receipt still exists).
  ['admin', 'a paid sale', 'receipt', 'allow'],
  ['admin', 'a refunded sale', 'receipt', 'allow'],
  ['admin', 'an open sale', 'receipt', ['CONFLICT', 'The receipt is ready once the sale is paid.']],
  ['instructor', 'a paid sale', 'receipt', STAFF_ONLY],
])('%s on %s: %s → %j', (actor, which, action, expected) => {
  expect(judge(rule(action), people[actor], sales[which])).toEqual(expected);
});

const days = {
  'today, open': { closed: false, future: false },
  'a closed day': { closed: true, future: false },
  tomorrow: { closed: false, future: true },
};
const close: Rule<Actor, (typeof days)[keyof typeof days]> = { may: mayCloseDay, assert: assertMayCloseDay };

it.each<[Person, keyof typeof days, Verdict]>([
  ['admin', 'today, open', 'allow'],
  ['admin', 'a closed day', ['CONFLICT', 'This day is already closed.']],
  ['admin', 'tomorrow', ['BAD_USER_INPUT', 'A day can be closed once it has started.']],
  ['instructor', 'today, open', STAFF_ONLY],
  ['teacher', 'today, open', STAFF_ONLY],
  ['member', 'today, open', STAFF_ONLY],
])('%s closes %s → %j', (actor, which, expected) => {
  expect(judge(close, people[actor], days[which])).toEqual(expected);
});
