import { conflict, notFound } from '../../graphql/errors.js';
import { isAdmin, type Actor, type Ref } from '../users/role.js';
import { isGuardianOf } from '../users/user.policy.js';
import { InvoiceStatus } from './invoice.entity.js';

/** An invoice as its rules need it: whose it is (and their parent), and where it stands. */
export interface BilledInvoice {
  member: Ref & { guardian: Ref | null };
  status: InvoiceStatus;
}

/** The status changes an invoice may make; the database's trigger (migration) holds the same table. */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  [InvoiceStatus.draft]: [InvoiceStatus.open, InvoiceStatus.void],
  [InvoiceStatus.open]: [InvoiceStatus.paid, InvoiceStatus.void, InvoiceStatus.uncollectible],
  [InvoiceStatus.uncollectible]: [InvoiceStatus.paid, InvoiceStatus.void],
  [InvoiceStatus.paid]: [],
  [InvoiceStatus.void]: [],
};

export function mayChangeStatus(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return INVOICE_TRANSITIONS[from].includes(to);
}

const STATUS_WORDS: Record<InvoiceStatus, string> = {
  draft: 'a draft',
  open: 'open',
  paid: 'paid',
  void: 'void',
  uncollectible: 'uncollectible',
};

export function assertMayChangeStatus(from: InvoiceStatus, to: InvoiceStatus): void {
  if (!mayChangeStatus(from, to)) throw conflict(`This invoice is ${STATUS_WORDS[from]}: it cannot become ${STATUS_WORDS[to]}.`);
}

/** Admins see every invoice; a member sees their own and a parent their children's, once sent (drafts are the studio's). */
export function mayViewInvoice(actor: Actor, invoice: BilledInvoice): boolean {
  if (isAdmin(actor)) return true;
  if (invoice.status === InvoiceStatus.draft) return false;
  return invoice.member.id === actor.id || isGuardianOf(actor, invoice.member);
}

/** Someone else's invoice answers like a missing one. */
export function assertMayViewInvoice<I extends BilledInvoice>(actor: Actor, invoice: I | null): asserts invoice is I {
  if (!invoice || !mayViewInvoice(actor, invoice)) throw notFound('That invoice');
}

/** Whoever may see an invoice (the member, their parent, an admin) may pay it online while it is unpaid. */
export function mayPayInvoice(actor: Actor, invoice: BilledInvoice): boolean {
  return mayViewInvoice(actor, invoice) && (invoice.status === InvoiceStatus.open || invoice.status === InvoiceStatus.uncollectible);
}

export function assertMayPayInvoice<I extends BilledInvoice>(actor: Actor, invoice: I | null): asserts invoice is I {
  assertMayViewInvoice(actor, invoice);
  if (invoice.status === InvoiceStatus.paid) throw conflict('This invoice is already paid.');
  if (!mayPayInvoice(actor, invoice)) throw conflict('This invoice was voided: there is nothing to pay.');
}

/** A receipt exists once an invoice is paid. */
export function mayDownloadReceipt(actor: Actor, invoice: BilledInvoice): boolean {
  return mayViewInvoice(actor, invoice) && invoice.status === InvoiceStatus.paid;
}

export function assertMayDownloadReceipt<I extends BilledInvoice>(actor: Actor, invoice: I | null): asserts invoice is I {
  assertMayViewInvoice(actor, invoice);
  if (invoice.status !== InvoiceStatus.paid) throw conflict('A receipt is available once the invoice is paid.');
}

/** The invoices a member may see: their own and their children's, not drafts (a MikroORM filter). */
export function invoicesVisibleTo(actor: Actor) {
  return { $or: [{ member: actor.id }, { member: { guardian: actor.id } }], status: { $ne: InvoiceStatus.draft } };
}
