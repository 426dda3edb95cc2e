import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMoney, fullName } from '@studio/rules';
import { badInput, conflict } from '../../../graphql/errors.js';
import type { OutboxEmail } from '../../email/outbox-email.entity.js';
import { NotificationType } from '../../notifications/notification.entity.js';
import { Product, ProductCategory, ProductVariant } from '../../products/product.entity.js';
import { User } from '../../users/user.entity.js';
import { Invoice, InvoiceLine, InvoicePaymentMethod, InvoiceStatus } from '../invoice.entity.js';
import { assertMayChangeStatus } from '../invoice.policy.js';
import { NewInvoice, invoiceNumber, totalOf, invoiceEmailText } from '../invoice-data.js';
import { InvoiceParts } from '../invoice-parts.js';

/** Making, changing, sending and closing invoices (void, uncollectible, paid by hand). */
export class InvoiceEditingService extends InvoiceParts {
  /** Makes an invoice (a draft, or sent at once with `send`) in its own transaction or the caller's. */
  async createInvoice(em: EntityManager, data: NewInvoice): Promise<Invoice> {
    const after: OutboxEmail[] = [];
    const invoice = await em.transactional(async (tx) => {
      const member = await tx.findOne(User, { id: data.memberId }, { populate: ['guardian'] });
      if (!member) throw badInput('Choose a member.', { memberId: 'Choose a member.' });
      const totalCents = totalOf(data.lines);
      await tx.getConnection().execute(`select pg_advisory_xact_lock(hashtext('invoice-number'))`, [], 'get', tx.getTransactionContext());
      const [{ next }] = await tx
        .getConnection()
        .execute<{ next: number }[]>('select coalesce(max(number), 0) + 1 as next from invoice', [], 'all', tx.getTransactionContext());
      const invoice = tx.create(Invoice, {
        number: next,
        member,
        dueDate: data.dueDate,
        memo: data.memo ?? '',
        totalCents,
        createdBy: data.createdBy ?? null,
      });
      data.lines.forEach((line, position) => tx.create(InvoiceLine, { invoice, position, ...line }));
      await tx.flush();
      if (data.send) after.push(...(await this.sendIn(tx, invoice)));
      return invoice;
    });
    for (const email of after) await this.email.dispatchAfterCommit(email);
    return this.load(em, invoice.id);
  }

  /** Changes a draft's member, lines, due date or memo (a sent invoice is voided and made again instead). */
  async updateDraft(em: EntityManager, id: string, data: Omit<NewInvoice, 'createdBy' | 'send'>): Promise<Invoice> {
    await em.transactional(async (tx) => {
      const invoice = await this.locked(tx, id);
      if (invoice.status !== InvoiceStatus.draft) throw conflict('Only a draft can be edited: void this invoice and make a new one.');
      const member = await tx.findOne(User, { id: data.memberId });
      if (!member) throw badInput('Choose a member.', { memberId: 'Choose a member.' });
      invoice.member = member;
      invoice.dueDate = data.dueDate;
      invoice.memo = data.memo ?? '';
      invoice.totalCents = totalOf(data.lines);
      await tx.nativeDelete(InvoiceLine, { invoice: invoice.id });
      data.lines.forEach((line, position) => tx.create(InvoiceLine, { invoice, position, ...line }));
    });
    return this.load(em, id);
  }

  /** Sends a draft: it becomes open, payable in the cart, and the member (or their parent) gets an email and a notification. */
  async send(em: EntityManager, id: string): Promise<Invoice> {
    const emails = await em.transactional(async (tx) => this.sendIn(tx, await this.locked(tx, id)));
    for (const email of emails) await this.email.dispatchAfterCommit(email);
    return this.load(em, id);
  }

  private async sendIn(tx: EntityManager, invoice: Invoice): Promise<OutboxEmail[]> {
    assertMayChangeStatus(invoice.status, InvoiceStatus.open);
    await tx.populate(invoice, ['member.guardian', 'lines']);
    const today = this.today();
    if (invoice.totalCents <= 0) throw conflict('An invoice of $0.00 has nothing to pay: add a line first.');
    invoice.status = InvoiceStatus.open;
    invoice.sentAt = new Date();
    // What the cart and checkout sell: one item, at the invoice's total, that only this invoice's pay button puts in a cart.
    const product = tx.create(Product, {
      category: ProductCategory.invoice,
      name: `Invoice ${invoiceNumber(invoice.number)}`,
      description: `${fullName(invoice.member)}, due ${invoice.dueDate}`,
      priceCents: invoice.totalCents,
    });
    invoice.variant = tx.create(ProductVariant, { product, stock: 1 });
    const recipient = this.notifications.recipientOf(invoice.member);
    const emails: OutboxEmail[] = [];
    if (recipient.email)
      emails.push(
        this.email.queue(tx, {
          to: recipient.email,
          subject: `Invoice ${invoiceNumber(invoice.number)} from ${this.studioName}: ${formatMoney(invoice.totalCents)} due ${invoice.dueDate}`,
          text: invoiceEmailText(invoice, recipient, this.studioName),
          kind: 'invoice',
        }),
      );
    await this.notifications.add(tx, recipient, {
      type: NotificationType.other,
      title: `New invoice ${invoiceNumber(invoice.number)}`,
      message: `${formatMoney(invoice.totalCents)} ${invoice.member.id === recipient.id ? '' : `for ${invoice.member.firstName} `}is due ${invoice.dueDate <= today ? 'now' : `on ${invoice.dueDate}`}. You can pay it online from your profile.`,
      link: '/profile',
      dedupeKey: `invoice_sent:${invoice.id}`,
    });
    await tx.flush();
    return emails;
  }

  /** Voids a draft, an open or a written-off invoice: nothing is owed any more. */
  async voidInvoice(em: EntityManager, id: string, reason: string | null): Promise<Invoice> {
    const closed = await em.transactional(async (tx) => {
      const invoice = await this.locked(tx, id);
      assertMayChangeStatus(invoice.status, InvoiceStatus.void);
      invoice.status = InvoiceStatus.void;
      invoice.voidedAt = new Date();
      invoice.statusReason = reason || null;
      return this.withdraw(tx, invoice);
    });
    await this.payments.expireClosed(closed);
    return this.load(em, id);
  }

  /** Writes off an open invoice (it stays payable: a late payment still counts). */
  async markUncollectible(em: EntityManager, id: string, reason: string | null): Promise<Invoice> {
    await em.transactional(async (tx) => {
      const invoice = await this.locked(tx, id);
      assertMayChangeStatus(invoice.status, InvoiceStatus.uncollectible);
      invoice.status = InvoiceStatus.uncollectible;
      invoice.uncollectibleAt = new Date();
      invoice.statusReason = reason || null;
    });
    return this.load(em, id);
  }

  /** Records a payment made at the desk (cash) or by bank transfer, with its reference. */
  async markPaid(
    em: EntityManager,
    id: string,
    payment: { method: InvoicePaymentMethod.cash | InvoicePaymentMethod.bank_transfer; reference: string | null },
  ): Promise<Invoice> {
    const closed = await em.transactional(async (tx) => {
      const invoice = await this.locked(tx, id);
      if (invoice.status === InvoiceStatus.paid) throw conflict('This invoice is already paid.');
      assertMayChangeStatus(invoice.status, InvoiceStatus.paid);
      invoice.status = InvoiceStatus.paid;
      invoice.paidAt = new Date();
      invoice.paymentMethod = payment.method;
      invoice.paymentReference = payment.reference || null;
      const closed = await this.withdraw(tx, invoice);
      await this.tellPaid(tx, invoice);
      return closed;
    });
    await this.payments.expireClosed(closed);
    return this.load(em, id);
  }
}
