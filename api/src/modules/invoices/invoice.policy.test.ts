import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { InvoiceStatus } from './invoice.entity.js';
import {
  assertMayChangeStatus,
  assertMayDownloadReceipt,
  assertMayPayInvoice,
  assertMayViewInvoice,
  mayChangeStatus,
  mayDownloadReceipt,
  mayPayInvoice,
  mayViewInvoice,
  type BilledInvoice,
} from './invoice.policy.js';

const child = { id: 'child', guardian: { id: people.parent.id } };
const member = { id: people.member.id, guardian: null };
const invoices = {
  "the member's open invoice": { member, status: InvoiceStatus.open },
  "the member's draft": { member, status: InvoiceStatus.draft },
  "the member's paid invoice": { member, status: InvoiceStatus.paid },
  "the member's void invoice": { member, status: InvoiceStatus.void },
  "the member's uncollectible invoice": { member, status: InvoiceStatus.uncollectible },
  "the parent's child's open invoice": { member: child, status: InvoiceStatus.open },
  "the parent's child's paid invoice": { member: child, status: InvoiceStatus.paid },
  'a missing invoice': null,
} satisfies Record<string, BilledInvoice | null>;
type Name = keyof typeof invoices;

const view: Rule<Actor, BilledInvoice | null> = {
  may: (a, i) => i !== null && mayViewInvoice(a, i),
  assert: (a, i) => assertMayViewInvoice(a, i),
};
const pay: Rule<Actor, BilledInvoice | null> = {
  may: (a, i) => i !== null && mayPayInvoice(a, i),
  assert: (a, i) => assertMayPayInvoice(a, i),
};
const receipt: Rule<Actor, BilledInvoice | null> = {
  may: (a, i) => i !== null && mayDownloadReceipt(a, i),
  assert: (a, i) => assertMayDownloadReceipt(a, i),
};
const HIDDEN = ['NOT_FOUND', 'That invoice was not found.'] as const;
const PAID = ['CONFLICT', 'This invoice is already paid.'] as const;
const VOIDED = ['CONFLICT', 'This invoice was voided: there is nothing to pay.'] as const;
const NO_RECEIPT = ['CONFLICT', 'A receipt is available once the invoice is paid.'] as const;

it.each<[Person, Name, 'view' | 'pay' | 'receipt', Verdict]>([
  ['member', "the member's open invoice", 'view', 'allow'],
  ['member', "the member's draft", 'view', HIDDEN],
  ['member', "the parent's child's open invoice", 'view', HIDDEN],
  ['stranger', "the member's open invoice", 'view', HIDDEN],
  ['instructor', "the member's open invoice", 'view', HIDDEN],
  ['teacher', "the member's open invoice", 'view', HIDDEN],
  ['parent', "the parent's child's open invoice", 'view', 'allow'],
  ['parent', "the member's open invoice", 'view', HIDDEN],
  ['admin', "the member's draft", 'view', 'allow'],
  ['admin', 'a missing invoice', 'view', HIDDEN],
  ['member', "the member's open invoice", 'pay', 'allow'],
  ['member', "the member's uncollectible invoice", 'pay', 'allow'],
  ['member', "the member's paid invoice", 'pay', PAID],
  ['member', "the member's void invoice", 'pay', VOIDED],
  ['member', "the member's draft", 'pay', HIDDEN],
  ['parent', "the parent's child's open invoice", 'pay', 'allow'],
  ['parent', "the parent's child's paid invoice", 'pay', PAID],
  ['stranger', "the parent's child's open invoice", 'pay', HIDDEN],
  ['instructor', "the parent's child's open invoice", 'pay', HIDDEN],
  ['admin', "the member's open invoice", 'pay', 'allow'],
  ['member', "the member's paid invoice", 'receipt', 'allow'],
  ['member', "the member's open invoice", 'receipt', NO_RECEIPT],
  ['parent', "the parent's child's paid invoice", 'receipt', 'allow'],
  ['stranger', "the parent's child's paid invoice", 'receipt', HIDDEN],
  ['admin', "the parent's child's paid invoice", 'receipt', 'allow'],
])('%s × %s × %s → %j', (actor, invoice, action, expected) => {
  const rule = { view, pay, receipt }[action];
  expect(judge(rule, people[actor], invoices[invoice])).toEqual(expected);
});

const S = InvoiceStatus;
it.each<[InvoiceStatus, InvoiceStatus, boolean]>([
  [S.draft, S.open, true],
  [S.draft, S.void, true],
  [S.draft, S.paid, false],
  [S.draft, S.uncollectible, false],
  [S.open, S.paid, true],
  [S.open, S.void, true],
  [S.open, S.uncollectible, true],
  [S.open, S.draft, false],
  [S.uncollectible, S.paid, true],
  [S.uncollectible, S.void, true],
  [S.uncollectible, S.open, false],
  [S.paid, S.void, false],
  [S.paid, S.open, false],
  [S.paid, S.uncollectible, false],
  [S.void, S.open, false],
  [S.void, S.paid, false],
])('status %s → %s allowed: %s', (from, to, allowed) => {
  expect(mayChangeStatus(from, to)).toBe(allowed);
  if (allowed) expect(() => assertMayChangeStatus(from, to)).not.toThrow();
  else
    expect(() => assertMayChangeStatus(from, to)).toThrow(
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'CONFLICT' }) }),
    );
});
